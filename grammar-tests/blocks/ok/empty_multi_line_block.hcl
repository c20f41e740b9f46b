# spec: Block, hclsyntax#blocks
a {
}
b "x" {

}
