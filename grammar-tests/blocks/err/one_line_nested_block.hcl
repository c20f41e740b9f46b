# spec: OneLineBlock, hclsyntax#blocks
a { b {} }
d = 3
