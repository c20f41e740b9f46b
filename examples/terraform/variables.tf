variable "name" {
  description = "The service's name; set in terraform.tfvars."
  type        = string
}

variable "environment" {
  type    = string
  default = "dev"

  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "The environment must be dev, staging or prod."
  }
}

variable "services" {
  type = map(object({
    port     = number
    replicas = optional(number, 1)
    public   = optional(bool, false)
  }))
  default = {
    api = { port = 8080 }
  }
}

variable "zones" {
  type    = set(string)
  default = ["eu-west-1a", "eu-west-1b"]
}

# Terraform's legacy bare `map`: map(any)
variable "tags" {
  type    = map
  default = { team = "platform" }
}

variable "monitoring" {
  type = object({
    email     = string
    threshold = optional(number, 90)
  })
  default = null
}
