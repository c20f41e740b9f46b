# spec: NumericLit, hclsyntax#numeric-literals, Attribute
port      = 8080
ratio     = 0.75
max_bytes = 1e9
epsilon   = 1E-6
