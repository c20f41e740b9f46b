# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<EOT
say EOT here
EOT is the marker
EOTX
  xEOT
EOT
