# spec: heredocTemplate, TemplateExpr, hclsyntax#template-expressions
a = <<END-OF-TEXT
END
END-OF
END-OF-TEXT
