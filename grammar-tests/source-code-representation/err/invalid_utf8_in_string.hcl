# spec: hclsyntax#source-code-representation, Attribute
city = "München"
zone = "b"
