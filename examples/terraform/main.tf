locals {
  env_short = substr(var.environment, 0, 4)
  services  = { for k, s in var.services : k => merge(s, { fqdn = "${k}.${local.prefix}.example.com" }) }
  all_tags  = merge(var.tags, { environment = var.environment })
}

resource "aws_instance" "zone" {
  for_each          = var.zones
  availability_zone = each.key
  tags              = merge(local.all_tags, { Name = "${local.prefix}-${each.value}" })
}

# zero instances: the body is not evaluated (var.monitoring is null)
resource "aws_cloudwatch_metric_alarm" "cpu" {
  count          = var.monitoring != null ? 1 : 0
  alarm_actions  = [var.monitoring.email]
  threshold      = var.monitoring.threshold
}

module "naming" {
  source = "./modules/naming"
  name   = local.prefix
  zones  = var.zones
}
