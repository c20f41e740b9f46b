# spec: hclsyntax#comments-and-whitespace, Attribute
a = 1b = 2
c = 3
