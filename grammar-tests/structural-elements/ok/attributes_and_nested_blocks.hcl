# spec: hclsyntax#structural-elements, ConfigFile, Body, Attribute, Block, OneLineBlock
region = "eu-west-1"

service "web" "frontend" {
  port = 8080

  health { path = "/healthz" }

  limits {
    cpu    = 2
    memory = "512Mi"
  }
}

empty {}
