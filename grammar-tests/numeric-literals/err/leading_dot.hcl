# spec: NumericLit, hclsyntax#numeric-literals
a = .5
b = 2
