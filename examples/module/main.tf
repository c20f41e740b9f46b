# A small Terraform module, read by examples/terraform_resources.rs.
resource "aws_instance" "web" {
  ami           = data.aws_ami.ubuntu.id
  instance_type = var.instance_type
  subnet_id     = aws_subnet.main.id
  tags = {
    Name = "${var.env}-web"
  }
}

resource "aws_subnet" "main" {
  vpc_id     = var.vpc_id
  cidr_block = cidrsubnet(var.cidr, 8, 1)
}
