# spec: hclsyntax#comments-and-whitespace, Attribute
a = 1 /* the newline inside this comment
does not end the attribute */ b = 2
c = 3
