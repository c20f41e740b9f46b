# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT
Hello, ${name}!
%{ if admin }You are an admin.
%{ endif }Bye.
EOT
