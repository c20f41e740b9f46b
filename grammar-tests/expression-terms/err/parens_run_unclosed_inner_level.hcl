# spec: ExprTerm, hclsyntax#expression-terms
# The inner parentheses of a run close, the outer one does not; the
# attribute after it is still read.
a = (((1) + 2)
b = 3
