# spec: hclsyntax#operators-and-delimiters, Body
a = @b
c = 1;
d = `e`
f = ~g
h = ^i
j = \k
ok = 1
