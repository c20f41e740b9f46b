# spec: ConfigFile, Body, Attribute, Block, OneLineBlock, hclsyntax#configuration-files
terraform {
  required_version = ">= 1.3.0"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "instance_count" {
  type    = number
  default = 2
}

locals {
  common_tags = {
    Environment = var.env
    Owner       = "platform"
  }
}

resource "aws_instance" "web" {
  count         = var.instance_count
  ami           = data.aws_ami.ubuntu.id
  instance_type = "t3.micro"
  tags          = merge(local.common_tags, { Name = "web-${count.index}" })

  lifecycle { create_before_destroy = true }

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 20
  }
}

output "ids" {
  value = aws_instance.web[*].id
}
