# spec: NumericLit, decimal, hclsyntax#numeric-literals
a = 1_000_000
b = 2
