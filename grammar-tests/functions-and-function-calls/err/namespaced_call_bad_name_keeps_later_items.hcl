# spec: FunctionCall, Attribute, hclsyntax#functions-and-function-calls
# oracle: D-function-namespaces
x = a::1()
y = ns::f(2)
z = a::
  b()
