# spec: hclsyntax#comments-and-whitespace, Attribute
a	=	1
block	"x"	{
	b	=	"	tab inside string"
}
