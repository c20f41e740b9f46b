# spec: GetAttr, Attribute, hclsyntax#attribute-access-operator
x = a
.b
