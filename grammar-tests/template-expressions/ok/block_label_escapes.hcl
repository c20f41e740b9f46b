# spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
b "a\tb" "\u00e9\U0001F600" "q\"\\" {
}
