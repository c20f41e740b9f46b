# spec: Body, Block, hclsyntax#bodies
a {
  b = 
  c = 1
  d e
  f = 2
}
g = 3
