# spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
b "$${x}" "%%{y}" "$x" {
}
