# spec: hclsyntax#source-code-representation, Identifier
# Résumé: configuración del servicio — ☃
locals {
  greeting = "héllo wörld → 🌍"
  名前     = "東京"
}
