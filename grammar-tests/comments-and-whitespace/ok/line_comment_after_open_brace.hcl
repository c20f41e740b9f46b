# spec: hclsyntax#comments-and-whitespace, Block
provider "aws" { # a line comment stands for the newline after the brace
  region = "eu-west-1"
} // and for the newline after the closing brace
