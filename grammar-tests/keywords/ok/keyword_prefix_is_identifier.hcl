# spec: hclsyntax#keywords, Identifier, VariableExpr
a = trueish
b = null_resource.x
c = false-positive
d = true_
