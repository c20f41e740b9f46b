# spec: hclsyntax#keywords, Block, OneLineBlock, Identifier
for {}
if "x" {}
null true false {
  in = "for"
}
resource for in {}
