# spec: hclsyntax#structural-elements, Body, Attribute, Block
a = 1
b = [1, 2 3]
c = 3
d "x" 5 {
  e = 6
}
f {
  g = "ok"
  h = )
  i = "also ok"
}
j = 10
