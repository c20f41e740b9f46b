# spec: Attribute, hclsyntax#attribute-definitions, hclsyntax#bodies
a = "x", b = "y"
c = 1
