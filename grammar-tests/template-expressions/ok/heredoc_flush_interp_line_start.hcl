# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<-EOT
    one
${x} two
    three
    EOT
