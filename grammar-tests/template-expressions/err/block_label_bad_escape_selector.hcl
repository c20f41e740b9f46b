# spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
b "tab\T" {
}
