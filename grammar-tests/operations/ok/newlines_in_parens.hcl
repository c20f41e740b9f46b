# spec: binaryOp, Attribute, hclsyntax#operations
x = (a
  + b
  * c)
