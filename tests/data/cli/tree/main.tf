# A valid Terraform-like configuration.
terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "region" {
  description = "Where to deploy"
  default     = "eu-west-1"
}

locals {
  name = "web-${var.env}"
  azs  = [for s in ["a", "b"] : upper(s)]
  zone = "${var.region}a"
}

resource "aws_instance" "web" {
  count         = var.replicas
  ami           = "ami-123"
  instance_type = "t3.micro"
  tags = {
    Name = "${var.env}-web"
  }

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = var.disk_gb * 2
  }
}

output "ip" {
  value = aws_instance.web.public_ip
}
