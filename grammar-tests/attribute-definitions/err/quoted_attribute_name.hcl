# spec: Attribute, Identifier, hclsyntax#attribute-definitions
"name" = "web"
ok = 1
