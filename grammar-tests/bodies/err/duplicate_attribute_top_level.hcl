# spec: Body, hclsyntax#attribute-definitions, hclsyntax#bodies
region = "us-east-1"
zone   = "a"
region = "eu-west-1"
