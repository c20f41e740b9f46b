# spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
b "a\xb" {
}
