# spec: OneLineBlock, hclsyntax#blocks
# oracle: agrees (specsuite structure/blocks/single_oneline_invalid: one error per block)
a { b = "foo"
  c = "bar" }
d = 1
