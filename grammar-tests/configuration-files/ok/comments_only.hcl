# spec: ConfigFile, Body, hclsyntax#configuration-files

// nothing but comments
/* and whitespace */

