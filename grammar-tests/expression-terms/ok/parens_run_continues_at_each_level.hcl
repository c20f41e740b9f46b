# spec: ExprTerm, Operation, Conditional, hclsyntax#expression-terms
# A run of opening parentheses: each level goes on after its `)` with
# postfix operators, a binary chain or a conditional, in the newline mode
# of the level outside it.
a = (((x).y + 1
  ) * 2 ? (
  (z)[0]) : ((w)))
b = ((
  (1)))
c = 2
