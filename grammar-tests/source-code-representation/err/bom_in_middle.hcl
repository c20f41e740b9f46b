# spec: hclsyntax#source-code-representation, Body
a = 1
﻿b = 2
c = 3
