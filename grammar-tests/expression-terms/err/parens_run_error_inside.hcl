# spec: ExprTerm, hclsyntax#expression-terms
a = (((1 +)))
b = ((2)
c = 3
