# spec: Body, hclsyntax#bodies, hclsyntax#attribute-definitions
name = "top"
a {
  name = "a"
  b {
    name = "b"
  }
}
a {
  name = "second a"
}
c { name = "c" }
