# spec: Identifier, Attribute, hclsyntax#identifiers
tags.Name = "web"
ok = 2
