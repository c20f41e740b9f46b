# spec: hclsyntax#source-code-representation, Body
# oracle: D-utf8-everywhere
# þ
a = 1
b = "xÃ"
c {
  d = "í¿¿"
}
e = 5
