# spec: Identifier, hclsyntax#identifiers
# oracle: D-xid
# U+037A GREEK YPOGEGRAMMENI is ID_Start but not XID_Start
ͺ = 1
