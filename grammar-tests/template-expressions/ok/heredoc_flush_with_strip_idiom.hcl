# spec: heredocTemplate, TemplateFor, hclsyntax#template-expressions, hclsyntax#template-literals
# oracle: D-strip-lines
a = <<-EOT
    %{ for x in ["a", "b"] ~}
    - ${x}
    %{ endfor ~}
    EOT
