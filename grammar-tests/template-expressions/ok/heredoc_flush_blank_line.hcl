# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<-EOT
    one

    two
    EOT
