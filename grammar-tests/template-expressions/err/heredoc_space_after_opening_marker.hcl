# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT 
hello
EOT
