# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
# oracle: D-heredoc-flush
a = <<-EOT
		one
		two
		EOT
