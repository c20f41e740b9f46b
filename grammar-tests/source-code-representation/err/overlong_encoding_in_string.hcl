# spec: hclsyntax#source-code-representation
# oracle: D-utf8-everywhere
# C0 AF is an overlong '/'
path = "a¿Øb"
ok = true
