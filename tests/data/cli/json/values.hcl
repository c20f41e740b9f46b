third    = 1 / 3
big      = 12345678901234567890.000000000000000000001
sum      = 0.1 + 0.2
inf      = limit
unknown  = [pending, "known"]
greeting = "hello, ${upper(name)}"
obj      = { b = 2, a = [true, null] }
