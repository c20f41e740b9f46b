# spec: OneLineBlock, Attribute, hclsyntax#blocks
lifecycle { create_before_destroy = true }
tags "x" { value = [1, { b = 2 }] }
c {d=1}
