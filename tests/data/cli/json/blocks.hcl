# Blocks nest by type, then by label; a repeated block is an array;
# keys keep their source order.
zone = "eu"

service "web" "public" {
  port = 80
}

listener { port = 80 }

service "web" "internal" {
  port = 8080
}

listener {
  port = 443
  tls {
    cert = "a.pem"
  }
}

service "web" "public" {
  port = 81
}

service "db" "internal" {
  port = 5432
  replica "r1" {}
  replica "r2" {}
  replica "r1" { lag = 5 }
}

after = "blocks"
