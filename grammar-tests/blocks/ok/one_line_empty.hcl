# spec: OneLineBlock, hclsyntax#blocks
a {}
b "x" {}
c { }
