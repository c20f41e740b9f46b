# spec: ConfigFile, Body, hclsyntax#configuration-files
