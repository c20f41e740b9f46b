# spec: hclsyntax#operators-and-delimiters, Body, Attribute
a @ = 1
b; = 2
c | d {}
e ' = 3
f ${x} = 4
ok = 5
