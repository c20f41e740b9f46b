# spec: hclsyntax#comments-and-whitespace, hclsyntax#expression-terms
total = (
  1 + # a comment inside parentheses
  2
)
