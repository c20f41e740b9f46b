# spec: object, objectelem, hclsyntax#collection-values
x = {
  a = 1
  b = 2,
  c = 3

  d = 4,
}
