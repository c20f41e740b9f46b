# spec: heredocTemplate, TemplateFor, hclsyntax#template-literals
# oracle: D-strip-lines
a = <<EOT
%{ for x in ["a", "b"] ~}
    ${x}
%{ endfor ~}
EOT
