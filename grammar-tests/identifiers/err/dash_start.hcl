# spec: Identifier, hclsyntax#identifiers
-flag = true
ok = 1
