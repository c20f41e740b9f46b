# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<-EOT
      six
  two
    four
  EOT
