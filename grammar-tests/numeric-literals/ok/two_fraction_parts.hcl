# spec: NumericLit, LegacyIndex, hclsyntax#numeric-literals
# oracle: D-number-literal-forms
a = 1.2.3
b = 2
