# spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
b "%{ if x }y%{ endif }" {
}
