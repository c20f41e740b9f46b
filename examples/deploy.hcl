# An example configuration to evaluate: every top-level attribute is
# evaluated on its own, with the variables of deploy.vars.json and the
# standard functions.
#
#   cargo run --release --features cli -- eval examples/deploy.hcl --vars examples/deploy.vars.json
#
# It evaluates without an error (`tests/cli.rs` holds the README's set-up
# command to that); `image_tag` reads `unknown_tag`, which the vars file
# gives as an unknown string: its value is known only later.

service   = "checkout-${environment}"
replicas  = environment == "production" ? max(3, length(regions)) : 1
hosts     = [for i, r in regions : "db-${i}.${r}.internal"]
by_region = { for r in regions : r => upper(r) }
ports     = [for p in services[*].port : p if p < 9000]
cpu_total = sum_cpu * length(regions)
greeting  = <<-EOT
  Deploying ${service_name} to ${join(", ", regions)}
  %{ for s in services ~}
  - ${s.name} on port ${s.port}
  %{ endfor ~}
  EOT
exact     = 0.1 + 0.2 == 0.3
third     = 1 / 3
image_tag = unknown_tag
