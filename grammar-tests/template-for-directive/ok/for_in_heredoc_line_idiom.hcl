# spec: TemplateFor, heredocTemplate, hclsyntax#template-for-directive, hclsyntax#template-literals
a = <<EOT
items:
%{ for x in xs ~}
- ${x}
%{ endfor ~}
done
EOT
