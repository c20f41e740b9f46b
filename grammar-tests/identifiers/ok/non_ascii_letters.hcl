# spec: Identifier, hclsyntax#identifiers
café = 1
名前 = "x"
имя = 2
Δx = 3
über-größe = 4
