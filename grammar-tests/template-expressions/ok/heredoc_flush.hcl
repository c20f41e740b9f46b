# spec: heredocTemplate, hclsyntax#template-expressions
a = <<-EOT
    hello
      ${name}
    world
    EOT
