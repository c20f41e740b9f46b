# spec: TemplateInterpolation, quotedTemplate, hclsyntax#template-interpolations
a = "${