# spec: ConfigFile, Body, hclsyntax#configuration-files
a = 1
}
b = 2
