# spec: Attribute, hclsyntax#attribute-definitions
"a${b}" = 1
c = 2
