# spec: ConfigFile, Body, hclsyntax#configuration-files
1 + 2
