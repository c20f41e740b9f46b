# spec: Block, StringLit, hclsyntax#blocks
a "q\"uote" "tab\there" "\u00e9\U0001F600" "$${not_interp}" "%%{not_directive}" "" {
}
