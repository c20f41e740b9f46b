# spec: hclsyntax#operators-and-delimiters, Attribute
a => 1
b = 2
