# spec: hclsyntax#operators-and-delimiters
a = b & c
d = 1
