# spec: hclsyntax#operators-and-delimiters, Arguments
a = f(x..)
d = 1
