# spec: hclsyntax#comments-and-whitespace
# U+000C FORM FEED, then U+00A0 NO-BREAK SPACE
a =1
b = 2
c = 3
