# spec: hclsyntax#comments-and-whitespace, Attribute
sum = 1 +
  2
next = 3
