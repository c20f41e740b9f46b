# spec: Identifier, hclsyntax#identifiers
# U+0663 ARABIC-INDIC DIGIT THREE, U+FF11 FULLWIDTH DIGIT ONE
a٣ = 1
b１ = 2
