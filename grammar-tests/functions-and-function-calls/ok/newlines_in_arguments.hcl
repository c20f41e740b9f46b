# spec: FunctionCall, Arguments, Attribute, hclsyntax#functions-and-function-calls
x = f(
  a,
  b +
  c,

  d...
)
y = g(
)
