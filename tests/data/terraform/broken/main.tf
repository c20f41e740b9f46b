locals {
  region = var.region
  a      = local.b
  b      = local.a
  ok     = upper("fine")
}

resource "null_resource" "each_list" {
  for_each = var.names
  triggers = { name = each.value }
}

resource "null_resource" "both" {
  count    = 1
  for_each = toset(var.names)
}

resource "null_resource" "outside" {
  triggers = { n = count.index }
}

output "missing" {
  value = local.nope
}

output "arith" {
  value = upper(1, 2)
}
