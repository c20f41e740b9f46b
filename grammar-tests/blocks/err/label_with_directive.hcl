# spec: Block, StringLit, hclsyntax#blocks
a "%{ if x }y%{ endif }" {}
d = 3
