# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions, hclsyntax#comments-and-whitespace
# the closing line may hold any white space but the line break around the marker (an em space, a no-break space), as the flush rule counts spaces
a = <<EOT
hello
 EOT 
b = 1
