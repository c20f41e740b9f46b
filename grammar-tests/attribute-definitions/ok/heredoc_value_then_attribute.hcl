# spec: Attribute, hclsyntax#attribute-definitions, heredocTemplate
user_data = <<-EOT
  #!/bin/bash
  echo hello
  EOT
name = "x"
