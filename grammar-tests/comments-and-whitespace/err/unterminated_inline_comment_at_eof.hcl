# spec: hclsyntax#comments-and-whitespace, ConfigFile
region = "us-east-1"
/* this comment is never closed
zone = "a"
