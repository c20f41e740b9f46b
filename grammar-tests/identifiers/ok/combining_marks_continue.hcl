# spec: Identifier, hclsyntax#identifiers
# e + U+0301 COMBINING ACUTE ACCENT, and Devanagari with a vowel sign
été = 1
नाम = 2
