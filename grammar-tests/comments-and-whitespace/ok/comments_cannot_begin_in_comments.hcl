# spec: hclsyntax#comments-and-whitespace
/* a /* is not nested, // nor # a line comment */ a = 1
# /* not an inline comment
b = 2
// */ c = 3 is all comment
d = 4
