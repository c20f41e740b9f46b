# spec: Body, hclsyntax#bodies, hclsyntax#attribute-definitions
tags = {
  Name = "web"
}
tags {
  key = "Name"
}
