# spec: Attribute, hclsyntax#attribute-definitions
list = [
  "a",
  "b",
]
call = format(
  "%s-%s",
  var.a,
  var.b,
)
next = 1
