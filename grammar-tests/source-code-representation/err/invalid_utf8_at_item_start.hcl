# spec: hclsyntax#source-code-representation, Body
ÿ = 1
b = 2
