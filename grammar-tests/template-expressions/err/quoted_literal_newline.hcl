# spec: quotedTemplate, TemplateExpr, hclsyntax#template-expressions
a = "foo
bar"
