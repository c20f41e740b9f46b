# spec: NumericLit, decimal, hclsyntax#numeric-literals
a = 0x1F
b = 2
