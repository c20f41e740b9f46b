# spec: ConfigFile, Body, Attribute, Block, hclsyntax#configuration-files
a = 1
b = = 2
c = 3
d {
  e = ]
  f = 4
}
"g" = 5
h = 6 7
i = 8
j "k" {
  l = 9
}
