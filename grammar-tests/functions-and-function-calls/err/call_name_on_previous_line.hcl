# spec: FunctionCall, Attribute, hclsyntax#functions-and-function-calls
x = f
(a)
