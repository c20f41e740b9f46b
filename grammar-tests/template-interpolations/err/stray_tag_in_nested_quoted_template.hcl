# spec: TemplateInterpolation, quotedTemplate, TemplateDirective, hclsyntax#template-interpolations
# An `endif` with no `if` inside a quoted template nested two levels deep:
# the whole attribute fails there, and the next one is still read.
a = "${"x${"y%{endif}"}"}"
b = 1
