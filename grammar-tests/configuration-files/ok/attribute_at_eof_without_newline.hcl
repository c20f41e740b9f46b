# spec: ConfigFile, Attribute, hclsyntax#configuration-files
a = 1
b = "last"