# spec: hclsyntax#source-code-representation
# oracle: D-utf8-everywhere
# ED A0 80 encodes the surrogate U+D800
name = "í €"
ok = true
