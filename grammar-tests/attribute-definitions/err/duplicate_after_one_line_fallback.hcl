# spec: OneLineBlock, hclsyntax#attribute-definitions
b { a = 1
  a = 2
}
