use hcl_native::ast::*;
use std::mem::size_of;
fn main() {
    println!("Expression {}", size_of::<Expression>());
    println!("ExprTerm {}", size_of::<ExprTerm>());
    println!("LiteralValue {}", size_of::<LiteralValue>());
    println!("BodyItem {}", size_of::<BodyItem>());
    println!("Attribute {}", size_of::<Attribute>());
    println!("Block {}", size_of::<Block>());
    println!("TemplatePart {}", size_of::<TemplatePart>());
    println!("TemplateExpr {}", size_of::<TemplateExpr>());
    println!("PostfixOp {}", size_of::<PostfixOp>());
    println!("Postfix {}", size_of::<Postfix>());
    println!("ObjectElem {}", size_of::<ObjectElem>());
    println!("FunctionCall {}", size_of::<FunctionCall>());
}
