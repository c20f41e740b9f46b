# spec: hclsyntax#source-code-representation, hclsyntax#comments-and-whitespace
# oracle: D-utf8-everywhere
# café (Latin-1, not UTF-8)
name = "ok"
