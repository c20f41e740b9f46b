# spec: tuple, hclsyntax#collection-values
# oracle: D-newlines-in-collections
x = [
  1
  2
]
