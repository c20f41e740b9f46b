# spec: StringLit, Block, hclsyntax#blocks, hclsyntax#template-expressions
b "\q${x}" {
}
