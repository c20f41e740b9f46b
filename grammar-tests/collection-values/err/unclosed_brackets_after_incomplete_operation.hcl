# spec: tuple, ExprTerm, binaryOp, hclsyntax#collection-values
a = [(1 +