# spec: hclsyntax#source-code-representation, hclsyntax#comments-and-whitespace
# oracle: D-utf8-everywhere
a = 1 # euro sign cut short: â‚