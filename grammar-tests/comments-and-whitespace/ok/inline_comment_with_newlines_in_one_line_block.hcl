# spec: hclsyntax#comments-and-whitespace, OneLineBlock
# an inline comment is whitespace, even when it spans lines
lifecycle { /* nothing
   here */ }
