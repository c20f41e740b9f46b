# spec: ExprTerm, Attribute, hclsyntax#expression-terms
x = (
  a
  + b
  * c
)
y = 1
