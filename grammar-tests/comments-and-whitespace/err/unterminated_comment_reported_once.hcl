# spec: hclsyntax#comments-and-whitespace, GetAttr
a = x.*. /* never closed
