# spec: Identifier, hclsyntax#identifiers
instance_type  = "t3.micro"
max-size       = 3
subnet1        = "a"
a1b2c3         = 4
foo--bar       = 5
trailing-      = 6
