# spec: Block, StringLit, hclsyntax#blocks
resource "aws_instance" "${var.name}" {
}
d = 3
