# spec: hclsyntax#comments-and-whitespace, OneLineBlock
lifecycle { prevent_destroy = true /* keep */ }
