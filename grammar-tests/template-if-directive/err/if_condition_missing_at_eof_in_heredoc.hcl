# spec: TemplateIf, heredocTemplate, hclsyntax#template-if-directive
a = <<EOT
%{ if