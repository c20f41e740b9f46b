use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
static REALLOCS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(l.size(), Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        REALLOCS.fetch_add(1, Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}
#[global_allocator]
static A: Counting = Counting;
fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let expected = std::fs::read_to_string(root.join("EXPECTED.tsv")).unwrap();
    let files: Vec<Vec<u8>> = expected
        .lines()
        .filter(|l| l.contains("\taccept"))
        .filter_map(|l| std::fs::read(root.join(l.split('\t').next()?)).ok())
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let (a0, r0, b0) = (ALLOCS.load(Relaxed), REALLOCS.load(Relaxed), BYTES.load(Relaxed));
    for f in &files {
        let p = hcl_native::parse_config(f);
        std::hint::black_box(&p);
    }
    let (a, r, b) = (
        ALLOCS.load(Relaxed) - a0,
        REALLOCS.load(Relaxed) - r0,
        BYTES.load(Relaxed) - b0,
    );
    println!("{bytes} input bytes: {a} allocs ({:.1} bytes/alloc of input), {r} reallocs, {b} bytes allocated ({:.2}/input byte)", bytes as f64 / a as f64, b as f64 / bytes as f64);
}
