# spec: hclsyntax#comments-and-whitespace, Body
# hash line comment
// slash line comment
/* inline comment */
/*
   multi-line inline comment
*/
region = "us-east-1" # after an attribute
zone   = "a" // after an attribute
count  = /* before the value */ 3
