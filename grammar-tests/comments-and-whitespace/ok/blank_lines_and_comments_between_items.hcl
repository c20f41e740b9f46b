# spec: hclsyntax#comments-and-whitespace, Body


a = 1

   
	
# comment

/* inline */
b {

  // inside

  c = 2

}


