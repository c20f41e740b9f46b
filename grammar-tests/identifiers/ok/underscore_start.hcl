# spec: Identifier, hclsyntax#identifiers
_private = 1
_ = 2
__x__ = 3
_1 = 4
