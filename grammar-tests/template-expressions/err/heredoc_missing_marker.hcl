# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<
hello

