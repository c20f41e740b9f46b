# spec: hclsyntax#comments-and-whitespace, Block, Attribute
resource /* type */ "aws_s3_bucket" /* name */ "logs" /* brace */ {
  bucket /* name */ = /* value */ "my-logs" /* end */
}
