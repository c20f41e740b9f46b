# spec: OneLineBlock, Block, hclsyntax#blocks
resource "aws_instance" "web" {
  lifecycle { ignore_changes = [tags] }
  timeouts {}
}
