# spec: hclsyntax#comments-and-whitespace, hclsyntax#template-expressions
url     = "http://example.com/#anchor"
pattern = "/* not a comment */"
hash    = "# nope"
