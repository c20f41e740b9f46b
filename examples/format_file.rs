//! Formatting a file in the canonical layout (what `hcl fmt` does), and
//! writing generated configuration: `cargo run --example format_file
//! [FILE]`.
use hcl_native::value::Value;
use hcl_native::write::{BlockBuilder, BodyBuilder};

fn main() {
    run(std::env::args().nth(1));
}

fn run(file: Option<String>) {
    let given = file.is_some();
    let src = match file {
        Some(path) => std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        None => b"region=\"eu\"\nzones = [\"a\",\"b\"]\nservice \"web\" {\nport=80 # http\n}\n".to_vec(),
    };
    let formatted = hcl_native::format::format(&src);
    print!("{}", String::from_utf8_lossy(&formatted));
    if !given {
        assert_eq!(
            String::from_utf8(formatted).unwrap(),
            "region = \"eu\"\nzones  = [\"a\", \"b\"]\nservice \"web\" {\n  port = 80 # http\n}\n"
        );
    }

    // configuration built in code comes out in the same layout
    let generated = BodyBuilder::new()
        .attribute("region", "eu")
        .block(
            BlockBuilder::new("service")
                .label("web")
                .attribute("ports", Value::from(vec![80, 443])),
        )
        .to_hcl()
        .expect("known values have HCL text");
    print!("{generated}");
    assert_eq!(
        generated,
        "region = \"eu\"\nservice \"web\" {\n  ports = [80, 443]\n}\n"
    );
}

#[test]
fn runs() {
    run(None);
}
