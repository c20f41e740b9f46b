# spec: hclsyntax#operators-and-delimiters
a = ${b}
c = %{d}
ok = 1
