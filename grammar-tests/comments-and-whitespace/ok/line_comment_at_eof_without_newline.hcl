# spec: hclsyntax#comments-and-whitespace, Attribute, ConfigFile
instance_type = "t3.micro" # the last line has no newline