# spec: hclsyntax#source-code-representation, hclsyntax#attribute-definitions, Identifier
# precomposed U+00E9 and e + combining U+0301 are different names
café = 1
café = 2
