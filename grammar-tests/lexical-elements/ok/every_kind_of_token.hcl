# spec: hclsyntax#lexical-elements, Identifier, NumericLit, hclsyntax#operators-and-delimiters, hclsyntax#comments-and-whitespace
/* identifiers, numbers, keywords, operators, delimiters and comments in one file */
name-with_dashes = 1.5e+3 // a number with a fraction and an exponent
flags            = [true, false, null]          # keywords as literals
sum              = (a + b) * c % d / e - -f
logic            = !x && y || z == w != v < 1 > 2 <= 3 >= 4
pick             = ok ? list[0].name : map["k"].*.id
all              = [for k, v in m : "${k}=${v}" if v != null]
