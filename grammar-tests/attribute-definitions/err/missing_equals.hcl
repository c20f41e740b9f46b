# spec: Attribute, hclsyntax#attribute-definitions
a 1
b = 2
