env      = "prod"
replicas = 3
