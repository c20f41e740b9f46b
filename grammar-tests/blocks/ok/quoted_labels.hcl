# spec: Block, StringLit, hclsyntax#blocks
resource "aws_instance" "web" {
  ami = "ami-123"
}
