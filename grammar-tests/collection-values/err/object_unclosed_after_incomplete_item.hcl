# spec: object, objectelem, hclsyntax#collection-values
a = {
  b =