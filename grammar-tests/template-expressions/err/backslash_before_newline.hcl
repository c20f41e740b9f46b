# spec: quotedTemplate, hclsyntax#template-expressions
a = "x\
b = 1
c = "ok"
