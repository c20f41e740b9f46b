# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
# oracle: D-heredoc-eof
a = <<EOT
hello
EOT