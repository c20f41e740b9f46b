//! Instructions per construct: `valgrind --tool=callgrind target/release/examples/micro KIND`
fn main() {
    let kind = std::env::args().nth(1).unwrap_or_default();
    let line = match kind.as_str() {
        "string" => "  key_name = \"some value\"\n",
        "traversal" => "  key_name = var.foo.bar\n",
        "call" => "  key_name = f(a, b)\n",
        "number" => "  key_name = 12345\n",
        "object" => "  key_name = { a = 1 }\n",
        "block" => "  blk \"label\" {\n  }\n",
        _ => "\n",
    };
    let block: String = (0..10)
        .map(|k| line.replacen("key_name", &format!("key_{k}"), 1))
        .collect();
    let src: String = (0..10_000)
        .map(|_| {
            format!(
                "outer {{
{block}}}
"
            )
        })
        .collect();
    if std::env::args().nth(2).is_some() {
        println!("{}", src.len());
        return;
    }
    let p = hcl_native::parse_config(src.as_bytes());
    println!("{} {}", p.ast.body.items.len(), p.diagnostics.len());
}
