# spec: Attribute, hclsyntax#attribute-definitions
a = 1 2
b = "x" "y"
c = 3
