environment = "production"
