# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT
${x
EOT
