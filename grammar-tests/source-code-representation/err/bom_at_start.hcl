# spec: hclsyntax#source-code-representation, ConfigFile
# oracle: D-bom
variable "region" {
  default = "eu-west-1"
}
