# spec: Body, Block, hclsyntax#attribute-definitions
a = 1
b {
  a = 2
  c {
    a = 3
    a = 4
  }
  a = 5
}
