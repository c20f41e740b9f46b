# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
# oracle: agrees (tabs are flush spaces, as in the spec suite's expressions/heredoc)
a = <<-EOT
		one
		two
		EOT
