# spec: hclsyntax#operators-and-delimiters, CollectionValue, ForExpr, FunctionCall
list   = [for s in var.list : upper(s)]
map    = {for k, v in var.map : k => v...}
call   = concat(var.a, var.b...)
attr   = var.obj.name
splat  = var.list[*].id
tmpl   = "${var.a}%{ if var.b }b%{ endif }"
paren  = (1 + 2)
