# spec: hclsyntax#comments-and-whitespace, quotedTemplate, hclsyntax#template-expressions
# oracle: D-lone-cr
a = "xy"
b = 2
