# spec: Conditional, Attribute, hclsyntax#conditional-operator
x = (
  a
  ? b
  : c
)
