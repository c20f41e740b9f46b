# spec: Body, Block, hclsyntax#bodies
a {
  b {
    c {
      d {
        e = 1
      }
    }
  }
}
