name = "shop"
services = {
  api = { port = 8080, replicas = 3, public = true }
  web = { port = 443, public = true }
  worker = { port = 9000 }
}
