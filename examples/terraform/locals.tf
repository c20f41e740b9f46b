locals {
  # refers to locals declared in main.tf
  prefix       = "${var.name}-${local.env_short}"
  public_ports = sort([for s in values(local.services) : tostring(s.port) if s.public])
}
