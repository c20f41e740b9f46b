# spec: Index, Attribute, hclsyntax#index-operator
x = a
[0]
