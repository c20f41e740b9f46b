# spec: Block, StringLit, hclsyntax#blocks
a "b {
}
d = 3
