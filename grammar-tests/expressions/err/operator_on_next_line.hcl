# spec: Expression, binaryOp, Attribute, hclsyntax#expressions
x = a
+ b
