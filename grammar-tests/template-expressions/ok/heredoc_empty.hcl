# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT
EOT
b = 1
