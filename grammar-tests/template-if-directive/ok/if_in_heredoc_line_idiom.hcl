# spec: TemplateIf, heredocTemplate, hclsyntax#template-if-directive, hclsyntax#template-literals
a = <<EOT
start
%{ if x ~}
middle
%{ else ~}
other
%{ endif ~}
end
EOT
