# spec: TemplateInterpolation, quotedTemplate, Template, hclsyntax#template-interpolations
# Quoted templates inside interpolations, read level by level without
# recursion: spaces, tabs and strip markers before the inner quote, text
# around it, and postfix operators, binary operators, a conditional and
# newlines after it; a second run of them after the first.
a = "${"${"${x}"}"}"
b = "<${ "[${	"${~ "in" ~}"}]" }>"
c = "${"${"k"}"[0]}-${"v".x}"
d = "${"a${"b"}c" == "abc" ? "${"y"}" : "n"}"
e = "${ "x"
  + "${"y"
  }" }"
f = <<EOT
  ${"${"h"}"}
EOT
g = "${"%{if true}${"t"}%{endif}"}"
h = "${"${"x"}"} ${ "${"y"}"
  }"
i = "${"q"} ${ "y"
  }"
