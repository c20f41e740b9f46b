# spec: quotedTemplate, hclsyntax#template-expressions
a = "abc\