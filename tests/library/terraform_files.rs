//! Terraform's filesystem functions on a real directory tree made for each
//! test under the system's temporary directory: what they read, and every
//! way of leaving the base directory (`..`, absolute paths, symbolic links
//! out and in loops, `fileset` patterns), which must fail.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use hcl_native::stdlib::terraform::{lookup, FileAccess, TerraformOptions};
use hcl_native::value::{Type, Value};

/// A directory tree that is removed when dropped: `base/` (what the
/// functions may read) beside `outside/` (what they may not).
struct Tree {
    root: PathBuf,
}

impl Tree {
    fn new() -> Tree {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let root = std::env::temp_dir().join(format!(
            "hcl-native-files-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&root);
        let tree = Tree { root };
        tree.write("base/hello.txt", b"hello");
        tree.write("base/sub/a.txt", b"a");
        tree.write("base/sub/b.md", b"b");
        tree.write("base/sub/deep/c.txt", b"c");
        tree.write("base/sub/.hidden", b"h");
        tree.write("base/bin.dat", &[0xff, 0xfe, 0x00]);
        tree.write("base/greet.tmpl", b"Hi ${name}! ${upper(name)} ${file(\"hello.txt\")}");
        tree.write("base/raw.tmpl", b"${x}");
        tree.write("base/rec.tmpl", b"${templatefile(\"raw.tmpl\", {x = 1})}");
        tree.write("base/str.tmpl", b"${templatestring(t, {})}");
        tree.write("outside/secret.txt", b"secret");
        std::fs::create_dir_all(tree.path("base/empty")).unwrap();
        tree
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    fn write(&self, rel: &str, bytes: &[u8]) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }

    #[cfg(unix)]
    fn link(&self, target: impl AsRef<Path>, rel: &str) {
        std::os::unix::fs::symlink(target, self.path(rel)).unwrap();
    }

    fn options(&self) -> TerraformOptions {
        TerraformOptions::default().with_files(FileAccess::new(self.path("base")))
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn call(options: &TerraformOptions, name: &str, args: &[Value]) -> Result<Value, String> {
    lookup(name, options)
        .unwrap_or_else(|| panic!("no function {name}"))
        .call(args)
        .map_err(|e| e.to_string())
}

fn ok(options: &TerraformOptions, name: &str, args: &[&str]) -> Value {
    let args: Vec<Value> = args.iter().map(|a| Value::from(*a)).collect();
    call(options, name, &args).unwrap_or_else(|e| panic!("{name}{args:?}: {e}"))
}

fn err(options: &TerraformOptions, name: &str, args: &[&str]) -> String {
    let args: Vec<Value> = args.iter().map(|a| Value::from(*a)).collect();
    match call(options, name, &args) {
        Ok(v) => panic!("{name}{args:?} should fail, gave {v:?}"),
        Err(e) => e,
    }
}

fn set(items: &[&str]) -> Value {
    if items.is_empty() {
        return Value::set(Type::String, vec![]).unwrap();
    }
    Value::set(Type::String, items.iter().map(|s| Value::from(*s)).collect()).unwrap()
}

const READERS: [&str; 11] = [
    "file",
    "fileexists",
    "filebase64",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "filebase64sha256",
    "filebase64sha512",
    "templatefile",
    "fileset",
];

fn args_of(name: &str, path: &str) -> Vec<Value> {
    match name {
        "templatefile" => vec![path.into(), Value::empty_object()],
        "fileset" => vec![path.into(), "*".into()],
        _ => vec![path.into()],
    }
}

#[test]
fn without_a_base_directory_every_reader_says_how_to_turn_it_on() {
    let tree = Tree::new();
    let options = TerraformOptions::default();
    for name in READERS {
        let e = call(&options, name, &args_of(name, "hello.txt")).unwrap_err();
        assert!(
            e.contains("TerraformOptions::with_files") && e.contains("--base-dir"),
            "{name}: {e}"
        );
    }
    drop(tree);
}

#[test]
fn files_are_read_relative_to_the_base_directory() {
    let tree = Tree::new();
    let o = tree.options();
    assert_eq!(ok(&o, "file", &["hello.txt"]), Value::from("hello"));
    assert_eq!(ok(&o, "file", &["./sub/../hello.txt"]), Value::from("hello"));
    assert_eq!(ok(&o, "file", &["sub/deep/c.txt"]), Value::from("c"));
    // an absolute path under the base directory is under it
    let absolute = tree.path("base/hello.txt");
    assert_eq!(ok(&o, "file", &[absolute.to_str().unwrap()]), Value::from("hello"));
    assert_eq!(ok(&o, "filebase64", &["bin.dat"]), Value::from("//4A"));
    assert_eq!(ok(&o, "filebase64", &["hello.txt"]), Value::from("aGVsbG8="));
    assert_eq!(
        ok(&o, "filemd5", &["hello.txt"]),
        Value::from("5d41402abc4b2a76b9719d911017c592")
    );
    assert_eq!(
        ok(&o, "filesha1", &["hello.txt"]),
        Value::from("aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d")
    );
    assert_eq!(
        ok(&o, "filesha256", &["hello.txt"]),
        Value::from("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
    );
    assert_eq!(
        ok(&o, "filesha512", &["hello.txt"]),
        Value::from("9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043")
    );
    assert_eq!(
        ok(&o, "filebase64sha256", &["hello.txt"]),
        Value::from("LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=")
    );
    assert_eq!(
        ok(&o, "filebase64sha512", &["hello.txt"]),
        Value::from("m3HSJL1i83hdltRq0+o9czGb+8KJDKra4t/3JRlnPKcjI8PZm6XBHXx6zG4UuMXaDEZjR1wuXDre9G9zvN7AQw==")
    );
    // the hash of bytes that are not UTF-8
    assert_eq!(
        ok(&o, "filemd5", &["bin.dat"]),
        Value::from("266e75fcf28db213599bf0f3f46976a8")
    );
}

#[test]
fn file_refuses_what_is_not_utf8_and_what_is_not_there() {
    let tree = Tree::new();
    let o = tree.options();
    let e = err(&o, "file", &["bin.dat"]);
    assert!(e.contains("not valid UTF-8") && e.contains("filebase64"), "{e}");
    let e = err(&o, "file", &["missing.txt"]);
    assert!(e.starts_with("no file exists at missing.txt"), "{e}");
    let e = err(&o, "filesha256", &["missing.txt"]);
    assert!(e.starts_with("no file exists at missing.txt"), "{e}");
    let e = err(&o, "file", &["sub"]);
    assert!(e.contains("sub is a directory"), "{e}");
    let e = err(&o, "file", &["hello.txt/x"]);
    assert!(e.starts_with("no file exists"), "{e}");
}

#[test]
fn fileexists_answers_for_files_and_refuses_directories() {
    let tree = Tree::new();
    let o = tree.options();
    assert_eq!(ok(&o, "fileexists", &["hello.txt"]), Value::from(true));
    assert_eq!(ok(&o, "fileexists", &["sub/deep/c.txt"]), Value::from(true));
    assert_eq!(ok(&o, "fileexists", &["nope.txt"]), Value::from(false));
    assert_eq!(ok(&o, "fileexists", &["nope/deeper.txt"]), Value::from(false));
    let e = err(&o, "fileexists", &["sub"]);
    assert!(e.contains("sub is a directory, not a file"), "{e}");
}

#[test]
fn the_byte_limit_bounds_every_file_read() {
    let tree = Tree::new();
    tree.write("base/big.txt", &[b'x'; 101]);
    tree.write("base/fits.txt", &[b'x'; 100]);
    let o = TerraformOptions::default().with_files(FileAccess::new(tree.path("base")).max_bytes(100));
    for name in READERS.iter().filter(|n| !matches!(**n, "fileexists" | "fileset")) {
        let e = call(&o, name, &args_of(name, "big.txt")).unwrap_err();
        assert!(
            e.contains("larger than 100 bytes") && e.contains("FileAccess::max_bytes"),
            "{name}: {e}"
        );
    }
    assert_eq!(ok(&o, "file", &["fits.txt"]), Value::from("x".repeat(100)));
    // fileexists does not read
    assert_eq!(ok(&o, "fileexists", &["big.txt"]), Value::from(true));
}

#[test]
fn dot_dot_and_absolute_paths_cannot_leave_the_base_directory() {
    let tree = Tree::new();
    let o = tree.options();
    let secret = tree.path("outside/secret.txt");
    let secret = secret.to_str().unwrap();
    for path in [
        "../outside/secret.txt",
        "sub/../../outside/secret.txt",
        "..",
        "/etc/passwd",
        "/",
        secret,
    ] {
        for name in READERS.iter().filter(|n| **n != "fileset") {
            let e = call(&o, name, &args_of(name, path)).unwrap_err();
            assert!(e.contains("leads outside the base directory"), "{name}({path}): {e}");
        }
    }
}

#[test]
fn fileset_lists_files_sorted_relative_to_its_path() {
    let tree = Tree::new();
    let o = tree.options();
    assert_eq!(ok(&o, "fileset", &["sub", "*.txt"]), set(&["a.txt"]));
    assert_eq!(ok(&o, "fileset", &[".", "sub/*.txt"]), set(&["sub/a.txt"]));
    assert_eq!(
        ok(&o, "fileset", &["sub", "**"]),
        set(&[".hidden", "a.txt", "b.md", "deep/c.txt"])
    );
    assert_eq!(ok(&o, "fileset", &["sub", "**/*.txt"]), set(&["a.txt", "deep/c.txt"]));
    assert_eq!(ok(&o, "fileset", &["sub", "{a,b}.*"]), set(&["a.txt", "b.md"]));
    assert_eq!(ok(&o, "fileset", &["sub", "[^a].*"]), set(&["b.md"]));
    assert_eq!(ok(&o, "fileset", &["sub", "?.md"]), set(&["b.md"]));
    assert_eq!(ok(&o, "fileset", &["sub", "a.txt"]), set(&["a.txt"]));
    // `*` does not cross a `/`; directories are not listed
    assert_eq!(ok(&o, "fileset", &["sub", "*"]), set(&[".hidden", "a.txt", "b.md"]));
    assert_eq!(ok(&o, "fileset", &[".", "*/deep"]), set(&[]));
    // `**` inside a part is `*`
    assert_eq!(ok(&o, "fileset", &["sub", "a**"]), set(&["a.txt"]));
    // a path that does not exist, or a directory with no files
    assert_eq!(ok(&o, "fileset", &["nope", "**"]), set(&[]));
    assert_eq!(ok(&o, "fileset", &["empty", "**"]), set(&[]));
    // `..` that stays under the base directory
    assert_eq!(ok(&o, "fileset", &["sub/deep", "../*.md"]), set(&["../b.md"]));
    // an absolute path under the base directory
    let sub = tree.path("base/sub");
    assert_eq!(ok(&o, "fileset", &[sub.to_str().unwrap(), "*.md"]), set(&["b.md"]));
}

#[test]
fn fileset_cannot_leave_the_base_directory() {
    let tree = Tree::new();
    let o = tree.options();
    for (path, pattern) in [
        (".", "../**"),
        (".", "../outside/*"),
        ("..", "*"),
        ("sub", "../../**"),
        ("/", "**"),
        ("/etc", "*"),
    ] {
        let e = err(&o, "fileset", &[path, pattern]);
        assert!(
            e.contains("leads outside the base directory"),
            "fileset({path}, {pattern}): {e}"
        );
    }
    let e = err(&o, "fileset", &["sub", "[z-a]"]);
    assert!(e.contains("failed to glob pattern"), "{e}");
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_followed_only_while_they_stay_under_the_base_directory() {
    let tree = Tree::new();
    tree.link("hello.txt", "base/in");
    tree.link("sub", "base/subdir");
    tree.link("../outside/secret.txt", "base/out");
    tree.link(tree.path("outside/secret.txt"), "base/abs_out");
    tree.link("/etc/passwd", "base/passwd");
    tree.link("/etc/no-such-file", "base/nothing_out");
    tree.link("../outside", "base/outdir");
    tree.link("loop2", "base/loop1");
    tree.link("loop1", "base/loop2");
    tree.link("self", "base/self");
    tree.link("../../outside/secret.txt", "base/sub/up");
    tree.link(tree.path("base/hello.txt"), "base/abs_in");
    let o = tree.options();
    assert_eq!(ok(&o, "file", &["in"]), Value::from("hello"));
    assert_eq!(ok(&o, "file", &["abs_in"]), Value::from("hello"));
    assert_eq!(ok(&o, "file", &["subdir/a.txt"]), Value::from("a"));
    assert_eq!(ok(&o, "fileexists", &["subdir/deep/c.txt"]), Value::from(true));
    for path in [
        "out",
        "abs_out",
        "passwd",
        "nothing_out",
        "outdir/secret.txt",
        "outdir/none",
        "sub/up",
    ] {
        for name in READERS {
            let e = call(&o, name, &args_of(name, path)).unwrap_err();
            assert!(e.contains("leads outside the base directory"), "{name}({path}): {e}");
        }
    }
    for path in ["loop1", "self", "loop1/x"] {
        for name in READERS.iter().filter(|n| **n != "fileset") {
            let e = call(&o, name, &args_of(name, path)).unwrap_err();
            assert!(e.contains("too many levels of symbolic links"), "{name}({path}): {e}");
        }
    }
    // fileset lists links to files under the base directory, and leaves
    // out links that leave it, loop, or name directories
    let all = ok(&o, "fileset", &[".", "*"]);
    assert_eq!(
        all,
        set(&[
            "abs_in",
            "bin.dat",
            "greet.tmpl",
            "hello.txt",
            "in",
            "raw.tmpl",
            "rec.tmpl",
            "str.tmpl"
        ])
    );
    let deep = ok(&o, "fileset", &[".", "**/*.txt"]);
    assert_eq!(deep, set(&["hello.txt", "sub/a.txt", "sub/deep/c.txt"]));
    assert_eq!(ok(&o, "fileset", &["subdir", "*.txt"]), set(&["a.txt"]));
    let e = err(&o, "fileset", &["outdir", "*"]);
    assert!(e.contains("leads outside the base directory"), "{e}");
}

/// Every path of up to four parts made of names, `.`, `..`, links in, out
/// and in a loop: none reads the secret beside the base directory, and
/// none that `..` takes out of it succeeds.
#[cfg(unix)]
#[test]
fn no_combination_of_parts_reads_outside() {
    let tree = Tree::new();
    tree.write("outside/hello.txt", b"secret");
    tree.write("outside/sub/a.txt", b"secret");
    tree.link("../outside", "base/outdir");
    tree.link("sub", "base/subdir");
    tree.link("..", "base/sub/parent");
    tree.link("loop", "base/loop");
    let o = tree.options();
    let parts = [
        "..",
        ".",
        "sub",
        "subdir",
        "outdir",
        "parent",
        "loop",
        "hello.txt",
        "a.txt",
        "secret.txt",
        "outside",
        "",
    ];
    let mut paths = vec![String::new()];
    let mut checked = 0;
    for _ in 0..4 {
        let mut next = Vec::new();
        for p in &paths {
            for part in parts {
                let path = if p.is_empty() {
                    part.to_string()
                } else {
                    format!("{p}/{part}")
                };
                for name in ["file", "fileexists"] {
                    if let Ok(v) = call(&o, name, &[Value::from(path.as_str())]) {
                        assert_ne!(v, Value::from("secret"), "{name}({path})");
                    }
                }
                let mut up = 0i32;
                let mut out = false;
                for c in path.split('/') {
                    match c {
                        ".." => up -= 1,
                        "" | "." => {}
                        _ => up += 1,
                    }
                    out |= up < 0;
                }
                if out {
                    assert!(call(&o, "file", &[Value::from(path.as_str())]).is_err(), "file({path})");
                }
                let listed = call(&o, "fileset", &[Value::from(path.as_str()), Value::from("**")]);
                if let Ok(set) = listed {
                    for f in set.elements().unwrap() {
                        let inner = format!("{path}/{}", f.as_str().unwrap());
                        assert_ne!(
                            call(&o, "file", &[Value::from(inner.as_str())]),
                            Ok(Value::from("secret")),
                            "{inner}"
                        );
                    }
                }
                checked += 1;
                next.push(path);
            }
        }
        paths = next;
    }
    assert!(checked > 20_000, "{checked}");
}

#[cfg(unix)]
#[test]
fn a_base_directory_reached_through_a_link_is_the_same_directory() {
    let tree = Tree::new();
    tree.link("base", "alias");
    let o = TerraformOptions::default().with_files(FileAccess::new(tree.path("alias")));
    assert_eq!(ok(&o, "file", &["hello.txt"]), Value::from("hello"));
    let through_alias = tree.path("alias/hello.txt");
    assert_eq!(ok(&o, "file", &[through_alias.to_str().unwrap()]), Value::from("hello"));
    let e = err(&o, "file", &["../outside/secret.txt"]);
    assert!(e.contains("leads outside"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_before_it_is_opened() {
    let tree = Tree::new();
    let made = std::process::Command::new("mkfifo")
        .arg(tree.path("base/pipe"))
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available: not checked");
        return;
    }
    let o = tree.options();
    // opening a pipe for reading would wait for a writer forever
    for name in READERS.iter().filter(|n| **n != "fileset") {
        let e = call(&o, name, &args_of(name, "pipe")).unwrap_err();
        assert!(e.contains("pipe is a named pipe, not a regular file"), "{name}: {e}");
    }
    assert_eq!(ok(&o, "fileset", &[".", "pip*"]), set(&[]));
}

#[test]
fn the_walk_of_fileset_is_bounded_by_the_step_limit() {
    use hcl_native::meter::Meter;
    let tree = Tree::new();
    for i in 0..50 {
        tree.write(&format!("base/many/{i}.txt"), b"");
    }
    let fileset = lookup("fileset", &tree.options()).unwrap();
    let args = [Value::from("many"), Value::from("**")];
    let all = fileset.call(&args).unwrap();
    assert_eq!(all.elements().map(|e| e.len()), Some(50));
    let m = Meter::new(10);
    assert!(fileset.call_metered(&args, &m).is_err());
    assert!(m.is_exhausted());
}

#[test]
fn templatefile_renders_with_exactly_its_variables() {
    let tree = Tree::new();
    let o = tree.options();
    let vars = Value::object([("name", Value::from("ada"))]);
    let t = call(&o, "templatefile", &["greet.tmpl".into(), vars]).unwrap();
    assert_eq!(t, Value::from("Hi ada! ADA hello"));
    // a template of one interpolation gives that value, whatever its type
    let list = Value::tuple(vec![Value::from(1), Value::from(2)]);
    let raw = call(
        &o,
        "templatefile",
        &["raw.tmpl".into(), Value::object([("x", list.clone())])],
    )
    .unwrap();
    assert_eq!(raw, list);
    let e = call(&o, "templatefile", &["greet.tmpl".into(), Value::empty_object()]).unwrap_err();
    assert!(
        e.contains("vars map does not contain key \"name\", referenced at greet.tmpl:1,6-10"),
        "{e}"
    );
    let e = call(&o, "templatefile", &["rec.tmpl".into(), Value::empty_object()]).unwrap_err();
    assert!(e.contains("cannot recursively call templatefile"), "{e}");
    let vars = Value::object([("t", Value::from("x"))]);
    let e = call(&o, "templatefile", &["str.tmpl".into(), vars]).unwrap_err();
    assert!(e.contains("cannot recursively call templatestring"), "{e}");
    let e = call(&o, "templatefile", &["bin.dat".into(), Value::empty_object()]).unwrap_err();
    assert!(e.contains("not valid UTF-8"), "{e}");
    let e = call(&o, "templatefile", &["hello.txt".into(), Value::from("x")]).unwrap_err();
    assert!(e.contains("invalid vars value: must be a map"), "{e}");
    // unknown and null arguments
    let unknown = call(&o, "templatefile", &["greet.tmpl".into(), Value::dynamic()]).unwrap();
    assert!(!unknown.is_known());
    let partly = call(
        &o,
        "templatefile",
        &[
            "greet.tmpl".into(),
            Value::object([("name", Value::unknown(Type::String))]),
        ],
    )
    .unwrap();
    // the template's own result, refined as hclsyntax's templates refine
    // theirs (hcl 2.17 and later): not null, and the text before the first
    // unknown part as a prefix
    assert_eq!(
        partly,
        Value::unknown(Type::String)
            .refine()
            .not_null()
            .string_prefix_full("Hi ")
            .new_value()
            .unwrap()
    );
    assert!(call(&o, "templatefile", &["greet.tmpl".into(), Value::null(Type::Dynamic)]).is_err());
}

/// The unknown value of `ty` refined as not null, as Terraform's functions
/// that declare `refineNotNull` give it.
fn not_null(ty: Type) -> Value {
    Value::unknown(ty).refine().not_null().new_value().unwrap()
}

#[test]
fn unknown_arguments_give_unknown_results_and_nulls_are_errors() {
    let tree = Tree::new();
    for o in [tree.options(), TerraformOptions::default()] {
        for name in READERS.iter().chain(&["pathexpand", "abspath"]) {
            let mut args = args_of(name, "x");
            args[0] = Value::unknown(Type::String);
            let v = call(&o, name, &args).unwrap();
            assert!(!v.is_known(), "{name}: {v:?}");
            args[0] = Value::null(Type::String);
            assert!(call(&o, name, &args).is_err(), "{name} with a null path");
        }
        let v = call(&o, "fileset", &[".".into(), Value::unknown(Type::String)]).unwrap();
        // never null: Terraform's fileset refines its result so
        assert_eq!(v, not_null(Type::set(Type::String)));
        assert!(call(&o, "fileset", &[".".into(), Value::null(Type::String)]).is_err());
    }
}

#[test]
fn pathexpand_takes_the_home_directory_from_the_options_only() {
    let none = TerraformOptions::default();
    // without a home directory unknown, and (as Terraform's pathexpand
    // refines every result) not null
    assert_eq!(ok(&none, "pathexpand", &["~/x"]), not_null(Type::String));
    assert_eq!(ok(&none, "pathexpand", &["~"]), not_null(Type::String));
    assert_eq!(ok(&none, "pathexpand", &["/etc/x"]), Value::from("/etc/x"));
    assert_eq!(ok(&none, "pathexpand", &["a/../b"]), Value::from("a/../b"));
    let home = TerraformOptions::default().with_home("/home/ada");
    assert_eq!(
        ok(&home, "pathexpand", &["~/.ssh/id"]),
        Value::from("/home/ada/.ssh/id")
    );
    assert_eq!(ok(&home, "pathexpand", &["~"]), Value::from("/home/ada"));
    assert_eq!(ok(&home, "pathexpand", &["~/a/../b"]), Value::from("/home/ada/b"));
    assert_eq!(ok(&home, "pathexpand", &[""]), Value::from(""));
    let e = err(&home, "pathexpand", &["~bob/x"]);
    assert!(e.contains("cannot expand user-specific home dir"), "{e}");
}

#[test]
fn a_home_directory_under_the_base_directory_can_be_read_through() {
    let tree = Tree::new();
    let o = tree.options().with_home(tree.path("base/sub"));
    assert_eq!(ok(&o, "file", &["~/a.txt"]), Value::from("a"));
    let e = err(&o, "file", &["~/../../outside/secret.txt"]);
    assert!(e.contains("leads outside"), "{e}");
    let away = tree.options().with_home(tree.path("outside"));
    let e = err(&away, "file", &["~/secret.txt"]);
    assert!(e.contains("leads outside"), "{e}");
    let e = err(&tree.options(), "file", &["~/a.txt"]);
    assert!(e.contains("TerraformOptions::with_home"), "{e}");
}

#[test]
fn abspath_is_taken_against_the_base_directory() {
    let tree = Tree::new();
    let o = tree.options();
    let base = std::fs::canonicalize(tree.path("base")).unwrap();
    let base = base.to_str().unwrap();
    assert_eq!(ok(&o, "abspath", &["sub/../x"]), Value::from(format!("{base}/x")));
    assert_eq!(ok(&o, "abspath", &["."]), Value::from(base));
    assert_eq!(ok(&o, "abspath", &["/a/./b/../c"]), Value::from("/a/c"));
    let none = TerraformOptions::default();
    assert_eq!(ok(&none, "abspath", &["x"]), not_null(Type::String));
    assert_eq!(ok(&none, "abspath", &["/x//y/"]), Value::from("/x/y"));
}

#[test]
fn a_missing_base_directory_is_named_in_the_error() {
    let tree = Tree::new();
    let o = TerraformOptions::default().with_files(FileAccess::new(tree.path("no-such-dir")));
    let e = err(&o, "file", &["x"]);
    assert!(e.contains("no-such-dir") && e.contains("cannot be read"), "{e}");
}

#[cfg(feature = "cli")]
#[test]
fn the_tool_reads_files_under_base_dir_only() {
    let tree = Tree::new();
    let src = tree.path("t.hcl");
    std::fs::write(&src, "a = file(\"hello.txt\")\nb = fileset(\"sub\", \"*.txt\")\n").unwrap();
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hcl"))
            .arg("eval")
            .arg(&src)
            .args(["--functions", "terraform"])
            .args(extra)
            .output()
            .unwrap()
    };
    let base = tree.path("base");
    let out = run(&["--base-dir", base.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("a = \"hello\"") && stdout.contains("b = [\"a.txt\"]"),
        "{stdout}"
    );
    let printed = |extra: &[&str]| {
        let out = run(extra);
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let off = printed(&[]);
    assert!(
        off.contains("the filesystem functions are off") && off.contains("--base-dir"),
        "{off}"
    );
    let capped = printed(&["--base-dir", base.to_str().unwrap(), "--max-file-bytes", "2"]);
    assert!(capped.contains("larger than 2 bytes"), "{capped}");
}
