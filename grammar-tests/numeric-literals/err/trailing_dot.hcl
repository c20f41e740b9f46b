# spec: NumericLit, hclsyntax#numeric-literals
a = 1.
b = 2
