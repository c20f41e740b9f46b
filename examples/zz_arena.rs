fn main() {
    let src = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let arena = hcl_native::Arena::new();
    let p = hcl_native::parse_config(&arena, &src);
    eprintln!("items {} allocated {}", p.ast.body.items.len(), arena.allocated_bytes());
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    for l in status
        .lines()
        .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
    {
        eprintln!("{l}");
    }
}
