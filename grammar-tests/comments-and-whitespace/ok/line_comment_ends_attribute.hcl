# spec: hclsyntax#comments-and-whitespace, Attribute
a = 1# no space before the comment
b = 2//
c = 3
