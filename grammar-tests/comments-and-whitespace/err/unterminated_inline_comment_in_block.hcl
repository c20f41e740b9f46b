# spec: hclsyntax#comments-and-whitespace, Block
a {
  b = 1 /* oops
}
