# spec: Block, OneLineBlock, hclsyntax#blocks
a {} b = 1
c {
} d {
}
e = 2
