# spec: Block, Identifier, hclsyntax#blocks
resource aws_instance web {
  ami = "ami-123"
}
