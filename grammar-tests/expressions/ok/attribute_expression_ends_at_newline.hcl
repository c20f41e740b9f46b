# spec: Expression, Attribute, hclsyntax#expressions, hclsyntax#attribute-definitions
a = 1 + 2
b = a ? 1 : 2
c = -a
