# spec: Identifier, hclsyntax#identifiers
# U+037A GREEK YPOGEGRAMMENI is ID_Start but not XID_Start
ͺ = 1
