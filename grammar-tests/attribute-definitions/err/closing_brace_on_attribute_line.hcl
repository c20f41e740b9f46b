# spec: Attribute, Block, hclsyntax#attribute-definitions
a {
  b = 1 }
c = 2
