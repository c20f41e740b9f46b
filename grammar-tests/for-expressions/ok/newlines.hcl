# spec: forTupleExpr, forObjectExpr, hclsyntax#for-expressions
x = [
  for v in xs :
  v
  if v
]
y = {
  for k, v in m :
  k => v
  ...
}
