variable "port" {
  type    = number
  default = "eighty"
}

variable "names" {
  type    = list(string)
  default = ["a", "b"]
}

variable "legacy" {
  type = "string"
}

variable "port" {
  type = string
}
