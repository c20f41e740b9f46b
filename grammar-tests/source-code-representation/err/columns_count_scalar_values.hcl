# spec: hclsyntax#source-code-representation, Attribute
# oracle: D-columns
a = "é" b
