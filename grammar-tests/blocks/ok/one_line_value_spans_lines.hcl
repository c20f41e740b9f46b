# spec: OneLineBlock, hclsyntax#blocks
# newlines inside brackets are not the one-line block's business
a { b = [
  1,
] }
