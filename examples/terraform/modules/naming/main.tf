variable "name" {
  type = string
}

variable "zones" {
  type = set(string)
}

variable "separator" {
  type    = string
  default = "-"
}

output "instance_names" {
  value = [for z in sort(var.zones) : join(var.separator, [var.name, substr(z, -2, 2)])]
}
