# spec: Identifier, hclsyntax#identifiers
🙂 = 1
ok = 2
