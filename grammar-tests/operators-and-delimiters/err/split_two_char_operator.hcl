# spec: hclsyntax#operators-and-delimiters, compareOperator
a = b < = c
d = 1
