# spec: OneLineBlock, hclsyntax#blocks
a { b = 1 c = 2 }
d = 3
