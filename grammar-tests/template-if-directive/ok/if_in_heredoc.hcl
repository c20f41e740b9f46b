# spec: TemplateIf, heredocTemplate, hclsyntax#template-if-directive
# oracle: D-strip-lines
a = <<-EOT
  start
  %{~ if x ~}
  middle
  %{~ endif ~}
  end
  EOT
