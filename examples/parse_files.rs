//! Parses each file named on the command line once when the first argument
//! is `1` (reads them only when it is `0`): the cost of one parse of a
//! given input, for `valgrind --tool=callgrind` (the same run with `0`,
//! subtracted, leaves the parser's own instructions).
//! `cargo build --release --example parse_files`, then
//! `valgrind --tool=callgrind target/release/examples/parse_files 1 FILE...`
fn main() {
    let mut args = std::env::args().skip(1);
    let parse = args.next().as_deref() == Some("1");
    let mut items = 0;
    for path in args {
        let src = std::fs::read(&path).unwrap_or_else(|e| {
            eprintln!("parse_files: {path}: {e}");
            std::process::exit(1)
        });
        if parse {
            let arena = hcl_native::Arena::new();
            items += hcl_native::parse_config(&arena, &src).ast.body.items.len();
        }
    }
    println!("{items} items");
}
