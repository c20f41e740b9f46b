# spec: Block, StringLit, hclsyntax#blocks, TemplateIf, TemplateFor
b "x%{ if a }y%{ else }${z}%{ endif }%{ for i in l }w%{ endfor }" "ok" {
  c = 1
}
d = 2
