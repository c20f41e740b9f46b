# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions, hclsyntax#comments-and-whitespace
a = <<EOT
hello
	EOT	
b = 1
