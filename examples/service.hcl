# An example configuration: a small web service and its dependencies.

name        = "checkout"
environment = "production"
replicas    = 3
regions     = ["eu-west-1", "us-east-1"]

labels = {
  team    = "payments"
  tier    = "frontend"
  "cost-center" = 4711
}

service "http" "checkout" {
  port     = 8080
  protocol = "https"
  command  = ["serve", "--port=${var.port}", "--workers=${replicas * 2}"]

  health_check {
    path     = "/healthz"
    interval = "10s"
  }

  route "api" { prefix = "/api/v1" }
}

database "postgres" {
  version   = 16
  hosts     = [for i, r in regions : "db-${i}.${r}.internal"]
  by_region = { for r in regions : r => upper(r) }
  backup    = environment == "production" ? "daily" : "never"

  init_script = <<-SQL
    CREATE SCHEMA IF NOT EXISTS checkout;
    GRANT USAGE ON SCHEMA checkout TO app;
    SQL
}
