# spec: ConfigFile, Block, hclsyntax#configuration-files
a = 1
b {
  c = 2
}