# spec: hclsyntax#comments-and-whitespace
ok = 1
		bad = @
