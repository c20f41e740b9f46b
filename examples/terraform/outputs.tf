output "prefix" {
  value = local.prefix
}

output "endpoints" {
  value = { for k, s in local.services : k => "https://${s.fqdn}:${s.port}" }
}

output "replicas" {
  value = sum([for s in values(local.services) : s.replicas])
}

output "public_ports" {
  value = local.public_ports
}

output "instance_names" {
  value = module.naming.instance_names
}

output "alarm_count" {
  value = length(aws_cloudwatch_metric_alarm.cpu)
}
