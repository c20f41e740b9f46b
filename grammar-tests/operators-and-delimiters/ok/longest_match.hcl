# spec: hclsyntax#operators-and-delimiters, compareOperator
# <= >= != == are single tokens even without spaces
a = b<=c
d = e>=f
g = h!=i
j = k==l
