# spec: Block, hclsyntax#blocks
resource "a" "b"
{
}
d = 3
