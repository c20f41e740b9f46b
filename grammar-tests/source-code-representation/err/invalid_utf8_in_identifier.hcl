# spec: hclsyntax#source-code-representation, Identifier
café = 1
b = 2
