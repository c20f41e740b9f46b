# spec: TemplateInterpolation, quotedTemplate, hclsyntax#template-interpolations
a = "${"${"x" y}"}"
b = 3
