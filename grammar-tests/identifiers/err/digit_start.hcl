# spec: Identifier, hclsyntax#identifiers
1st = 1
second = 2
