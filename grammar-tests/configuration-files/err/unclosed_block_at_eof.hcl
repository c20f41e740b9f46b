# spec: ConfigFile, Block, hclsyntax#configuration-files
variable "name" {
  default = "x"

output "name" {
  value = var.name
}
