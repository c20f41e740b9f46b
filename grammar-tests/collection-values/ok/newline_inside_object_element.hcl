# spec: object, objectelem, hclsyntax#collection-values
# oracle: D-newlines-in-collections
x = {
  a = 1 +
    2
  b = 3
}
