# spec: Attribute, hclsyntax#attribute-definitions
a =
b = 2
