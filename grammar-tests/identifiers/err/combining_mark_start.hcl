# spec: Identifier, hclsyntax#identifiers
́a = 1
ok = 2
