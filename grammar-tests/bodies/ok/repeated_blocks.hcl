# spec: Body, Block, hclsyntax#bodies
ingress {
  from_port = 80
}
ingress {
  from_port = 443
}
ingress { from_port = 22 }
