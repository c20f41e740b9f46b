# spec: Body, hclsyntax#bodies
a = 1
b {
}
c = 2
d "x" { e = 3 }
f = 4
