# spec: Block, StringLit, hclsyntax#blocks
a"b""c"{
}
