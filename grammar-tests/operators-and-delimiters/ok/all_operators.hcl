# spec: hclsyntax#operators-and-delimiters, binaryOperator, unaryOp
arith   = -a + b - c * d / e % f
logic   = !x && y || z
compare = [a == b, a != b, a < b, a > b, a <= b, a >= b]
cond    = enabled ? 1 : 0
