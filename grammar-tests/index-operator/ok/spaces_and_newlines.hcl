# spec: Index, Attribute, hclsyntax#index-operator
x = a [ 0 ]
y = a[
  0
]
