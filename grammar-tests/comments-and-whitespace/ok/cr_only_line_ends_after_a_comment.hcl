# spec: hclsyntax#comments-and-whitespace, ConfigFile
# oracle: D-lone-cr-in-comment
# settingsa = 1b = 2