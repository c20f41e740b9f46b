# spec: Block, hclsyntax#blocks
a {
  b {
  } }
c = 2
