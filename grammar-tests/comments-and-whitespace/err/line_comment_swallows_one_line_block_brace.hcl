# spec: hclsyntax#comments-and-whitespace, OneLineBlock
# the `}` is part of the comment, so the line ends before the block is closed
lifecycle { prevent_destroy = true # keep }
}
d = 2
