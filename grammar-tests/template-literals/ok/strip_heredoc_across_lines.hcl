# spec: heredocTemplate, TemplateIf, hclsyntax#template-literals
# oracle: D-strip-lines
a = <<EOT
%{ if true ~}
   hello  
  %{~ endif }
EOT
