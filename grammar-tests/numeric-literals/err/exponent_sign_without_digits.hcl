# spec: NumericLit, expmark, hclsyntax#numeric-literals
a = 1e+
b = 2E-
c = 3
