//! Loading an application's configuration with serde and variables:
//! `cargo run --example load_service_config`.
use std::collections::BTreeMap;

use hcl_native::de;
use hcl_native::eval::EvalContext;
use hcl_native::value::Value;
use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Service {
    name: String,
    replicas: u32,
    image: String,
    /// every `listener` block, keyed by its label
    #[serde(rename = "listener,block")]
    listeners: BTreeMap<String, Listener>,
}

#[derive(Deserialize, Debug)]
struct Listener {
    port: u16,
    #[serde(default)]
    tls: bool,
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/app.hcl");
    let src = std::fs::read(path).expect("examples/app.hcl");
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable(
        "var",
        Value::object([("replicas", Value::from(3)), ("version", Value::from("1.4.2"))]),
    )
    .expect("a context with variables");
    let service: Service = match de::from_file(path, &src, &ctx) {
        Ok(service) => service,
        Err(e) => {
            // every problem at once, each as file:line:column
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!("{} x{} from {}", service.name, service.replicas, service.image);
    for (protocol, l) in &service.listeners {
        println!("  {protocol} on {}{}", l.port, if l.tls { " (TLS)" } else { "" });
    }
    assert_eq!(service.replicas, 6);
    assert_eq!(service.image, "registry.example.com/checkout:1.4.2");
    assert!(service.listeners["https"].tls);
}

#[test]
fn runs() {
    main();
}
