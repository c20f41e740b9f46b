name     = "checkout"
replicas = 3

port {
  number   = 8080
  protocol = "tcp"
}

port {
  number   = 9090
  protocol = "udp"
}
