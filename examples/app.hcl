# A service's configuration, read by examples/load_service_config.rs.
name     = "checkout"
replicas = var.replicas * 2
image    = "registry.example.com/checkout:${var.version}"

listener "http" {
  port = 8080
}

listener "https" {
  port = 8443
  tls  = true
}
