# spec: hclsyntax#source-code-representation
a = "õ€€€ øˆ€€€"
b = 2
