# spec: Body, hclsyntax#attribute-definitions
a = ]
a = 1
