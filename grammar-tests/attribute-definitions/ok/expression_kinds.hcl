# spec: Attribute, hclsyntax#attribute-definitions
number  = 1
string  = "s"
bool    = true
null_v  = null
list    = [1, 2]
object  = { a = 1 }
ref     = var.x
call    = max(1, 2)
cond    = var.x ? 1 : 2
heredoc = <<EOT
text
EOT
after   = 1
