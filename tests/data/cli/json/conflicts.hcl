a = 1
a {
  x = 1
}
b "x" {
  n = 1
}
b "x" "y" {
  n = 2
}
c {
  n = 3
}
c = 4
d "x" "y" {}
d "x" {}
e {}
e "l" {}
a = 5
