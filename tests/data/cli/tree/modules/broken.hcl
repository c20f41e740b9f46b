name  = "x"
port  = 80 +
other = [1 2]
