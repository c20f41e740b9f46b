# spec: OneLineBlock, Block, hclsyntax#blocks
a { b = 1
}
d = 3
