# spec: hclsyntax#comments-and-whitespace, Body, Block
variable "size" {
  default = 10 # comment
}

// line comment
output "size" { value = var.size }
