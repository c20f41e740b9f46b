# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT
back\slash \n "quotes" $${x} %%{y} $z
EOT
