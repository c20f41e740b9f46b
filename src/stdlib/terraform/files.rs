//! Terraform's filesystem functions: `file`, `fileexists`, `fileset`,
//! `filebase64`, `filemd5`, `filesha1`, `filesha256`, `filesha512`,
//! `filebase64sha256`, `filebase64sha512`, `templatefile`, `pathexpand`
//! and `abspath`.
//!
//! They read only under the base directory of [`FileAccess`], which the
//! application gives in [`TerraformOptions::with_files`]; without it
//! they are in the set but every call that would touch the filesystem
//! fails with a message saying how to turn them on (a configuration that
//! calls `file()` is told why it cannot, rather than that `file` does not
//! exist). A relative path is read against the working directory (the
//! base directory unless [`FileAccess::working_dir`] names another under
//! it), an absolute one only when it lies under the base directory; a
//! path that leaves the base directory, through
//! `..` or through a symbolic link, is an error. Symbolic links are
//! followed one part at a time, each target checked before anything is
//! looked up through it, so that nothing outside the base directory is
//! ever opened or even looked at (a link to `/etc/passwd` fails the same
//! whether that file exists or not). Nothing here guards against another
//! process changing the tree while a function reads it.

use std::collections::{BTreeMap, VecDeque};
use std::ffi::OsString;
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock};

use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::crypto::{base64, hex};
use super::paths::clean;
use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("abspath", abspath),
    ("file", file),
    ("filebase64", filebase64),
    ("filebase64sha256", filebase64sha256),
    ("filebase64sha512", filebase64sha512),
    ("fileexists", fileexists),
    ("filemd5", filemd5),
    ("fileset", fileset),
    ("filesha1", filesha1),
    ("filesha256", filesha256),
    ("filesha512", filesha512),
    ("pathexpand", pathexpand),
    ("templatefile", templatefile),
];

/// Where Terraform's filesystem functions may read: every path is
/// resolved under one base directory (relative paths against a working
/// directory under it: the base directory itself unless
/// [`FileAccess::working_dir`] says otherwise), and each file they read may be at
/// most [`FileAccess::DEFAULT_MAX_BYTES`] long unless
/// [`FileAccess::max_bytes`] says otherwise. Give it to the functions
/// with [`TerraformOptions::with_files`].
///
/// ```
/// use hcl_native::stdlib::terraform::{lookup, FileAccess, TerraformOptions};
/// use hcl_native::value::Value;
///
/// let dir = std::env::temp_dir().join(format!("hcl-native-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("hello.txt"), "Hello").unwrap();
///
/// let options = TerraformOptions::default().with_files(FileAccess::new(&dir).max_bytes(1024));
/// let file = lookup("file", &options).unwrap();
/// assert_eq!(file.call(&["hello.txt".into()]).unwrap(), Value::from("Hello"));
/// // nothing outside the base directory
/// assert!(file.call(&["../hello.txt".into()]).is_err());
/// assert!(file.call(&["/etc/passwd".into()]).is_err());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileAccess {
    base_dir: PathBuf,
    max_bytes: u64,
    /// Where relative paths start; `None`: the base directory.
    working_dir: Option<PathBuf>,
}

impl FileAccess {
    /// The most bytes read from one file unless [`FileAccess::max_bytes`]
    /// says otherwise: 4 MiB.
    pub const DEFAULT_MAX_BYTES: u64 = 4 << 20;

    /// Reading under `base_dir` (it need not exist yet: each call looks
    /// it up), at most [`FileAccess::DEFAULT_MAX_BYTES`] per file.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::FileAccess;
    ///
    /// let access = FileAccess::new("config");
    /// assert_eq!(access.base_dir(), std::path::Path::new("config"));
    /// assert_eq!(access.byte_limit(), FileAccess::DEFAULT_MAX_BYTES);
    /// ```
    pub fn new(base_dir: impl Into<PathBuf>) -> FileAccess {
        FileAccess {
            base_dir: base_dir.into(),
            max_bytes: FileAccess::DEFAULT_MAX_BYTES,
            working_dir: None,
        }
    }

    /// This access with relative paths taken against `dir` rather than
    /// against the base directory, which stays the bound no path may
    /// leave: what a Terraform module needs, whose relative paths start
    /// at its own directory (`path.module`) while it may read anywhere
    /// in the configuration's tree. `dir` is itself relative to the base
    /// directory unless it is absolute, and must lie under it (checked on
    /// each call, like everything here); it need not exist. A path given
    /// to a function is joined to `dir` and cleaned without looking at
    /// the filesystem, as Terraform joins it to its base directory
    /// (`../shared/x.tpl` from `modules/a` is `modules/shared/x.tpl`), and
    /// then followed from the base directory with every symbolic link
    /// checked, as any other path: `..` may climb out of `dir`, never out
    /// of the base directory. Absolute paths are unchanged by it.
    /// `fileset`'s results stay relative to its `path` argument, and
    /// `abspath` makes a relative path absolute against `dir`.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::{lookup, FileAccess, TerraformOptions};
    /// use hcl_native::value::Value;
    ///
    /// let root = std::env::temp_dir().join(format!("hcl-native-doc-wd-{}", std::process::id()));
    /// std::fs::create_dir_all(root.join("modules/web")).unwrap();
    /// std::fs::create_dir_all(root.join("templates")).unwrap();
    /// std::fs::write(root.join("modules/web/name.txt"), "web").unwrap();
    /// std::fs::write(root.join("templates/motd.tpl"), "Hello").unwrap();
    ///
    /// let access = FileAccess::new(&root).working_dir("modules/web");
    /// let file = lookup("file", &TerraformOptions::default().with_files(access)).unwrap();
    /// assert_eq!(file.call(&["name.txt".into()]).unwrap(), Value::from("web"));
    /// assert_eq!(file.call(&["../../templates/motd.tpl".into()]).unwrap(), Value::from("Hello"));
    /// // still nothing outside the base directory
    /// assert!(file.call(&["../../../etc/passwd".into()]).is_err());
    /// std::fs::remove_dir_all(&root).unwrap();
    /// ```
    pub fn working_dir(mut self, dir: impl Into<PathBuf>) -> FileAccess {
        self.working_dir = Some(dir.into());
        self
    }

    /// The directory relative paths are taken against, as given to
    /// [`FileAccess::working_dir`]; `None` for the base directory.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::FileAccess;
    ///
    /// assert_eq!(FileAccess::new("/srv").working_directory(), None);
    /// let access = FileAccess::new("/srv").working_dir("modules/a");
    /// assert_eq!(access.working_directory(), Some(std::path::Path::new("modules/a")));
    /// ```
    pub fn working_directory(&self) -> Option<&Path> {
        self.working_dir.as_deref()
    }

    /// This access reading at most `max_bytes` bytes of each file: a
    /// larger file is an error.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::FileAccess;
    ///
    /// assert_eq!(FileAccess::new(".").max_bytes(10).byte_limit(), 10);
    /// ```
    pub fn max_bytes(mut self, max_bytes: u64) -> FileAccess {
        self.max_bytes = max_bytes;
        self
    }

    /// The base directory, as given.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::FileAccess;
    ///
    /// assert_eq!(FileAccess::new("/srv/conf").base_dir().to_str(), Some("/srv/conf"));
    /// ```
    pub fn base_dir(&self) -> &Path {
        &self.base_dir
    }

    /// The most bytes read from one file.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::FileAccess;
    ///
    /// assert_eq!(FileAccess::new(".").byte_limit(), 4 * 1024 * 1024);
    /// ```
    pub fn byte_limit(&self) -> u64 {
        self.max_bytes
    }
}

/// What a function without a base directory says.
const DISABLED: &str = "the filesystem functions are off: the application has given them no base directory to read under (TerraformOptions::with_files; the hcl tool's --base-dir DIR)";

/// How many symbolic links one path may go through (Linux's limit).
const MAX_LINKS: usize = 40;

/// What the filesystem functions know of the world: where they may read
/// and the home directory.
#[derive(Clone)]
struct Reader {
    access: Option<FileAccess>,
    home: Option<PathBuf>,
}

/// Where a path leads, under the base directory.
enum Located {
    /// Nothing is there.
    Missing,
    /// The path with every symbolic link resolved, under the base.
    Found(PathBuf),
}

/// Why a path cannot be followed under the base directory.
enum Escape {
    Outside,
    Loop,
    Io(std::io::Error),
}

impl Reader {
    fn new(options: &TerraformOptions) -> Reader {
        Reader {
            access: options.files.clone(),
            home: options.home.clone(),
        }
    }

    fn access(&self) -> Result<&FileAccess, FunctionError> {
        self.access.as_ref().ok_or_else(|| FunctionError::new(DISABLED))
    }

    /// The base directory with every link resolved.
    fn base(&self) -> Result<PathBuf, FunctionError> {
        let access = self.access()?;
        fs::canonicalize(&access.base_dir).map_err(|e| {
            FunctionError::new(format!(
                "the base directory of the filesystem functions, {}, cannot be read: {e}",
                access.base_dir.display()
            ))
        })
    }

    /// `path` with a leading `~` replaced by the home directory, as
    /// go-homedir's `Expand` does; `None` when it needs the home
    /// directory and there is none.
    fn expand(&self, path: &str) -> Result<Option<String>, FunctionError> {
        let Some(rest) = path.strip_prefix('~') else {
            return Ok(Some(path.to_string()));
        };
        if !(rest.is_empty() || rest.starts_with('/') || rest.starts_with('\\')) {
            return Err(FunctionError::argument(0, "cannot expand user-specific home dir"));
        }
        let Some(home) = &self.home else { return Ok(None) };
        let home = home
            .to_str()
            .ok_or_else(|| FunctionError::new("the home directory is not valid UTF-8"))?;
        Ok(Some(clean(&format!("{home}/{rest}"))))
    }

    /// Where `path` (a `~` expanded) leads under the base directory.
    fn locate(&self, path: &str) -> Result<Located, FunctionError> {
        let base = self.base()?;
        let expanded = self.expand(path)?.ok_or_else(|| {
            FunctionError::argument(
                0,
                format!("cannot expand ~ in {path}: the application has given no home directory (TerraformOptions::with_home)"),
            )
        })?;
        let rel = self.under_base(&base, Path::new(&expanded), path)?;
        match beneath(&base, &rel) {
            Ok(Some(p)) => Ok(Located::Found(p)),
            Ok(None) => Ok(Located::Missing),
            Err(e) => Err(escape_error(path, e)),
        }
    }

    /// `path` (as the user wrote it: `shown`) relative to the base
    /// directory, cleaned: an absolute path as it is, a relative one
    /// joined to the working directory; an error when it lies outside.
    fn under_base(&self, base: &Path, path: &Path, shown: &str) -> Result<PathBuf, FunctionError> {
        let outside = || escape_error(shown, Escape::Outside);
        let cleaned = lexical_clean(path);
        if cleaned.is_absolute() {
            return self.absolute_under_base(base, &cleaned).ok_or_else(outside);
        }
        let joined = lexical_clean(&self.working_dir(base)?.join(&cleaned));
        if joined.components().next() == Some(Component::ParentDir) {
            return Err(outside());
        }
        Ok(joined)
    }

    /// The cleaned absolute path `cleaned` relative to the base directory
    /// (`base`, its links resolved, or the base directory as given), or
    /// `None` when it lies under neither.
    fn absolute_under_base(&self, base: &Path, cleaned: &Path) -> Option<PathBuf> {
        if let Ok(rel) = cleaned.strip_prefix(base) {
            return Some(rel.to_path_buf());
        }
        let given = lexical_clean(&self.access.as_ref()?.base_dir);
        if !given.is_absolute() {
            return None;
        }
        cleaned.strip_prefix(&given).ok().map(Path::to_path_buf)
    }

    /// The working directory relative to the base directory (`base`, its
    /// links resolved), cleaned: empty for the base directory itself.
    fn working_dir(&self, base: &Path) -> Result<PathBuf, FunctionError> {
        let Some(dir) = &self.access()?.working_dir else {
            return Ok(PathBuf::new());
        };
        let cleaned = lexical_clean(dir);
        let rel = if cleaned.is_absolute() {
            self.absolute_under_base(base, &cleaned)
        } else {
            Some(cleaned).filter(|c| c.components().next() != Some(Component::ParentDir))
        };
        rel.ok_or_else(|| {
            FunctionError::new(format!(
                "the working directory of the filesystem functions, {}, lies outside their base directory",
                dir.display()
            ))
        })
    }

    /// The bytes of the file at `path`, at most the byte limit, spent on
    /// `m`.
    fn read(&self, path: &str, m: &Meter) -> Result<Vec<u8>, FunctionError> {
        let limit = self.access()?.max_bytes;
        let found = match self.locate(path)? {
            Located::Found(p) => p,
            Located::Missing => return Err(FunctionError::argument(0, format!(
                "no file exists at {path}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource"
            ))),
        };
        let failed = |e: std::io::Error| FunctionError::argument(0, format!("failed to read {path}: {e}"));
        // a directory, a named pipe or a device is never opened
        let meta = fs::metadata(&found).map_err(failed)?;
        not_a_file(path, &meta)?;
        let too_large = || {
            FunctionError::argument(
                0,
                format!("{path} is larger than {limit} bytes, the most the filesystem functions read from a file (raise it with FileAccess::max_bytes; the hcl tool's --max-file-bytes N)"),
            )
        };
        if meta.len() > limit {
            return Err(too_large());
        }
        let f = fs::File::open(&found).map_err(failed)?;
        let mut bytes = Vec::new();
        f.take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(failed)?;
        if bytes.len() as u64 > limit {
            return Err(too_large());
        }
        m.spend_bytes(bytes.len())?;
        Ok(bytes)
    }
}

/// An error for anything but a regular file, in Terraform's words
/// (`fileexists`).
fn not_a_file(path: &str, meta: &fs::Metadata) -> Result<(), FunctionError> {
    let ty = meta.file_type();
    if ty.is_file() {
        return Ok(());
    }
    let what = if ty.is_dir() {
        "is a directory, not a file"
    } else {
        special_file(&ty)
    };
    Err(FunctionError::argument(0, format!("{path} {what}")))
}

#[cfg(unix)]
fn special_file(ty: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ty.is_block_device() || ty.is_char_device() {
        "is a device node, not a regular file"
    } else if ty.is_fifo() {
        "is a named pipe, not a regular file"
    } else if ty.is_socket() {
        "is a unix domain socket, not a regular file"
    } else {
        "is not a regular file"
    }
}

#[cfg(not(unix))]
fn special_file(_: &fs::FileType) -> &'static str {
    "is not a regular file"
}

fn escape_error(path: &str, e: Escape) -> FunctionError {
    FunctionError::argument(
        0,
        match e {
            Escape::Outside => {
                format!("{path} leads outside the base directory of the filesystem functions, which read only under it")
            }
            Escape::Loop => format!("{path}: too many levels of symbolic links"),
            Escape::Io(e) => format!("failed to stat {path}: {e}"),
        },
    )
}

/// `path` cleaned of `.` and of `..` after a name, without looking at the
/// filesystem (Go's `filepath.Clean`): a relative path may still start
/// with `..`; at the root, `..` stays at the root.
fn lexical_clean(path: &Path) -> PathBuf {
    let mut parts: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match parts.last() {
                Some(Component::Normal(_)) => {
                    parts.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => parts.push(c),
            },
            _ => parts.push(c),
        }
    }
    parts.iter().collect()
}

/// Puts the parts of `path` (names and `..`) in front of `todo`.
fn prepend(todo: &mut VecDeque<OsString>, path: &Path) {
    let parts: Vec<OsString> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_os_string()),
            Component::ParentDir => Some("..".into()),
            _ => None,
        })
        .collect();
    for part in parts.into_iter().rev() {
        todo.push_front(part);
    }
}

/// `rel` followed from `base` (a path with every link resolved) one part
/// at a time, each symbolic link replaced by its target, which must stay
/// under `base` before anything is looked up through it: the path it
/// leads to (free of links), or `None` when nothing is there.
fn beneath(base: &Path, rel: &Path) -> Result<Option<PathBuf>, Escape> {
    let mut todo = VecDeque::new();
    prepend(&mut todo, rel);
    let mut cur = base.to_path_buf();
    let mut depth = 0usize;
    let mut links = 0usize;
    while let Some(part) = todo.pop_front() {
        if part == ".." {
            if depth == 0 {
                return Err(Escape::Outside);
            }
            cur.pop();
            depth -= 1;
            continue;
        }
        let next = cur.join(&part);
        let meta = match fs::symlink_metadata(&next) {
            Ok(m) => m,
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => return Ok(None),
            Err(e) => return Err(Escape::Io(e)),
        };
        if meta.file_type().is_symlink() {
            links += 1;
            if links > MAX_LINKS {
                return Err(Escape::Loop);
            }
            let target = fs::read_link(&next).map_err(Escape::Io)?;
            if target.is_absolute() {
                let target = lexical_clean(&target);
                let inner = target.strip_prefix(base).map_err(|_| Escape::Outside)?;
                cur = base.to_path_buf();
                depth = 0;
                prepend(&mut todo, inner);
            } else {
                prepend(&mut todo, &target);
            }
        } else {
            if !todo.is_empty() && !meta.is_dir() {
                return Ok(None);
            }
            cur = next;
            depth += 1;
        }
    }
    Ok(Some(cur))
}

fn path_param() -> Parameter {
    Parameter::new("path", Type::String).allow_dynamic()
}

/// A function of one path whose result is `f` of the file's bytes.
fn reading(options: &TerraformOptions, f: fn(&str, Vec<u8>) -> Result<Value, FunctionError>) -> Function {
    let reader = Reader::new(options);
    Function::builder()
        .param(path_param())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(move |args, _, m| {
            let path = str_arg(&args[0])?;
            f(path, reader.read(path, m)?)
        })
}

/// `file(path)`: the contents of the file at `path` (relative to the
/// working directory), which must be valid UTF-8 (Terraform's message points to
/// `filebase64` otherwise).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/file`, and its
/// implementation (`MakeFileFunc` in `internal/lang/funcs/filesystem.go`).
fn file(options: &TerraformOptions) -> Function {
    reading(options, |path, bytes| {
        String::from_utf8(bytes).map(Value::from).map_err(|_| {
            FunctionError::new(format!("contents of {path} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead"))
        })
    })
}

/// `filebase64(path)`: the bytes of the file at `path`, any bytes, in
/// Base64.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filebase64`.
fn filebase64(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(base64(&bytes))))
}

/// `filemd5(path)`: the MD5 hash of the file's bytes, in lower-case
/// hexadecimal (`md5(file(path))` without the UTF-8 requirement).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filemd5`.
fn filemd5(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(hex(&Md5::digest(&bytes)))))
}

/// `filesha1(path)`: the SHA-1 hash of the file's bytes, in lower-case
/// hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filesha1`.
fn filesha1(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(hex(&Sha1::digest(&bytes)))))
}

/// `filesha256(path)`: the SHA-256 hash of the file's bytes, in
/// lower-case hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filesha256`.
fn filesha256(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(hex(&Sha256::digest(&bytes)))))
}

/// `filesha512(path)`: the SHA-512 hash of the file's bytes, in
/// lower-case hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filesha512`.
fn filesha512(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(hex(&Sha512::digest(&bytes)))))
}

/// `filebase64sha256(path)`: the SHA-256 hash of the file's bytes, its
/// 32 raw bytes in Base64.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filebase64sha256`.
fn filebase64sha256(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(base64(&Sha256::digest(&bytes)))))
}

/// `filebase64sha512(path)`: the SHA-512 hash of the file's bytes, its
/// 64 raw bytes in Base64.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/filebase64sha512`.
fn filebase64sha512(options: &TerraformOptions) -> Function {
    reading(options, |_, bytes| Ok(Value::from(base64(&Sha512::digest(&bytes)))))
}

/// `fileexists(path)`: whether a regular file is at `path`: `false` when
/// nothing is there, an error for a directory or any other kind of file
/// (Terraform's messages), and, unlike Terraform, an error for a path
/// outside the base directory rather than an answer about it.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/fileexists`, and
/// its implementation (`MakeFileExistsFunc` in
/// `internal/lang/funcs/filesystem.go`).
fn fileexists(options: &TerraformOptions) -> Function {
    let reader = Reader::new(options);
    Function::builder()
        .param(path_param())
        .returns(Type::Bool)
        .result_not_null()
        .implementation(move |args, _| {
            let path = str_arg(&args[0])?;
            let found = match reader.locate(path)? {
                Located::Missing => return Ok(Value::from(false)),
                Located::Found(p) => p,
            };
            let meta =
                fs::metadata(&found).map_err(|e| FunctionError::argument(0, format!("failed to stat {path}: {e}")))?;
            not_a_file(path, &meta)?;
            Ok(Value::from(true))
        })
}

/// `fileset(path, pattern)`: the set of the regular files under `path`
/// whose names, `path` joined with `pattern`, match the glob `pattern`,
/// each relative to `path` with `/` separators. `*` matches any run of
/// characters but `/`, `**` (a whole part of the pattern) any run of
/// parts, `?` one character but `/`, `{a,b}` either alternative, `[abc]`,
/// `[a-z]` and `[^abc]` one character of a class; `**` inside a part
/// counts as `*`, as Terraform's documentation says. A path that does
/// not exist gives the empty set; a pattern that leads outside the base
/// directory (`../**`) is an error. Symbolic links to files under the
/// base directory are listed; links to directories are not walked into
/// (Terraform's glob library walks them), so that the walk cannot loop,
/// and links that lead outside the base directory (or loop) are left out:
/// the set holds files under the base directory only.
/// The walk spends one step for each entry it looks at.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/fileset`, and its
/// implementation (`MakeFileSetFunc` in
/// `internal/lang/funcs/filesystem.go`).
fn fileset(options: &TerraformOptions) -> Function {
    let reader = Reader::new(options);
    Function::builder()
        .param(path_param())
        .param(Parameter::new("pattern", Type::String).allow_dynamic())
        .returns(Type::set(Type::String))
        .result_not_null()
        .metered_implementation(move |args, _, m| {
            let (path, pattern) = (str_arg(&args[0])?, str_arg(&args[1])?);
            let names = glob(&reader, path, pattern, m)?;
            Value::set(Type::String, names.into_iter().map(Value::from).collect())
                .map_err(|e| FunctionError::new(e.to_string()))
        })
}

/// The characters that make a part of a glob pattern more than a name.
fn is_glob_part(part: &str) -> bool {
    part.contains(['*', '?', '[', '{', '\\'])
}

fn glob(reader: &Reader, path: &str, pattern: &str, m: &Meter) -> Result<Vec<String>, FunctionError> {
    let base = reader.base()?;
    let rel = reader.under_base(&base, Path::new(path), path)?;
    let dir = rel
        .to_str()
        .ok_or_else(|| FunctionError::argument(0, "path is not valid UTF-8"))?
        .to_string();
    let dir = if dir.is_empty() { ".".to_string() } else { dir };
    let full = clean(&format!("{dir}/{pattern}"));
    if full == ".." || full.starts_with("../") || full.starts_with('/') {
        return Err(FunctionError::argument(
            1,
            format!("the pattern {pattern} under {path} leads outside the base directory of the filesystem functions, which read only under it"),
        ));
    }
    // `**` that is not a whole part is `*` (doublestar's rule)
    let parts: Vec<String> = full
        .split('/')
        .map(|p| {
            if p == "**" || !p.contains("**") {
                p.to_string()
            } else {
                let mut out = String::new();
                for c in p.chars() {
                    if !(c == '*' && out.ends_with('*')) {
                        out.push(c);
                    }
                }
                out
            }
        })
        .collect();
    let matcher = globset::GlobBuilder::new(&parts.join("/"))
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map_err(|e| FunctionError::argument(1, format!("failed to glob pattern {path}/{pattern}: {e}")))?
        .compile_matcher();
    let fixed: Vec<&str> = parts
        .iter()
        .take_while(|p| !is_glob_part(p))
        .map(String::as_str)
        .filter(|p| *p != ".")
        .collect();
    // without `**`, nothing deeper than the pattern's parts can match
    let deepest = if parts.iter().any(|p| p.contains("**")) {
        usize::MAX
    } else {
        parts.len()
    };
    let prefix = fixed.join("/");
    let root = match beneath(&base, Path::new(&prefix)) {
        Ok(Some(p)) => p,
        Ok(None) => return Ok(Vec::new()),
        Err(e) => return Err(escape_error(path, e)),
    };
    let mut found = Vec::new();
    // a pattern without any glob character names one file
    if fixed.len() == parts.len() {
        if fs::metadata(&root).is_ok_and(|meta| meta.is_file()) {
            found.push(prefix);
        }
    } else {
        walk(
            &base,
            &root,
            &prefix,
            fixed.len(),
            deepest,
            &matcher,
            m,
            path,
            &mut found,
        )?;
    }
    let mut names: Vec<String> = found.iter().map(|f| relative(f, &dir)).collect();
    names.sort();
    Ok(names)
}

/// The regular files under `root` (whose path under `base` is `prefix`,
/// `depth` parts long), not deeper than `deepest` parts, whose paths match.
#[allow(clippy::too_many_arguments)]
fn walk(
    base: &Path,
    root: &Path,
    prefix: &str,
    depth: usize,
    deepest: usize,
    matcher: &globset::GlobMatcher,
    m: &Meter,
    shown: &str,
    found: &mut Vec<String>,
) -> Result<(), FunctionError> {
    let mut stack = vec![(root.to_path_buf(), prefix.to_string(), depth)];
    while let Some((dir, name, depth)) = stack.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => continue,
            Err(e) => {
                return Err(FunctionError::argument(
                    0,
                    format!("failed to read the directory {name}: {e}"),
                ))
            }
        };
        for entry in entries {
            m.spend(1)?;
            let entry =
                entry.map_err(|e| FunctionError::argument(0, format!("failed to read the directory {name}: {e}")))?;
            let Some(file) = entry.file_name().to_str().map(str::to_string) else {
                continue; // a name that is not UTF-8 cannot be a string
            };
            let logical = if name.is_empty() {
                file
            } else {
                format!("{name}/{file}")
            };
            let Ok(ty) = entry.file_type() else { continue };
            if ty.is_dir() {
                if depth + 1 < deepest {
                    stack.push((entry.path(), logical, depth + 1));
                }
            } else if matcher.is_match(&logical) {
                if ty.is_file() {
                    found.push(logical);
                } else if ty.is_symlink() {
                    // a link out of the base directory, or in a loop, is
                    // no file under it
                    match beneath(base, Path::new(&logical)) {
                        Ok(Some(target)) if fs::metadata(&target).is_ok_and(|meta| meta.is_file()) => {
                            found.push(logical)
                        }
                        Ok(_) | Err(Escape::Outside | Escape::Loop) => {}
                        Err(e) => return Err(escape_error(&format!("{shown}: {logical}"), e)),
                    }
                }
            }
        }
    }
    Ok(())
}

/// `file` (a `/` path under the base) relative to `dir` (another, or
/// `.`), as Go's `filepath.Rel` gives it.
fn relative(file: &str, dir: &str) -> String {
    if dir == "." {
        return file.to_string();
    }
    if let Some(rest) = file.strip_prefix(dir).and_then(|r| r.strip_prefix('/')) {
        return rest.to_string();
    }
    let f: Vec<&str> = file.split('/').collect();
    let d: Vec<&str> = dir.split('/').collect();
    let common = f.iter().zip(&d).take_while(|(a, b)| a == b).count();
    let mut out: Vec<&str> = vec![".."; d.len() - common];
    out.extend(&f[common..]);
    out.join("/")
}

/// `templatefile(path, vars)`: the file at `path` (UTF-8, as for `file`)
/// rendered as a template with exactly the attributes of `vars` (a map or
/// an object, with identifiers as names) as its variables, and the
/// standard and Terraform functions except `templatefile` and
/// `templatestring` (a template may not include itself). The result is
/// the template's value: a string, or, for a template that is one
/// interpolation, that value whatever its type. Every variable the
/// template uses must be in `vars`; messages name the template by `path`.
/// Unknown `vars` give an unknown value; null `vars` are an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/templatefile`,
/// and its implementation (`MakeTemplateFileFunc` in
/// `internal/lang/funcs/filesystem.go`).
fn templatefile(options: &TerraformOptions) -> Function {
    let reader = Reader::new(options);
    let options = options.clone();
    // the functions a template sees, built on its first call
    let functions: Arc<OnceLock<BTreeMap<String, Function>>> = Arc::default();
    Function::builder()
        .param(path_param())
        .param(Parameter::new("vars", Type::Dynamic))
        .metered_implementation(move |args, _, m| {
            let path = str_arg(&args[0])?;
            let bytes = reader.read(path, m)?;
            let text = String::from_utf8(bytes).map_err(|_| {
                FunctionError::argument(
                    0,
                    format!("contents of {path} are not valid UTF-8; a template must be UTF-8 text"),
                )
            })?;
            let functions = functions.get_or_init(|| super::templates::template_functions(&options));
            super::templates::render_text(&text, path, &args[1], functions, m)
        })
}

/// `pathexpand(path)`: `path` with a leading `~` (alone or before `/`)
/// replaced by the home directory and the result cleaned (go-homedir's
/// `Expand`); any other path unchanged; `~user` is an error. The home
/// directory is the application's ([`TerraformOptions::with_home`]),
/// never read from the environment: without it, a path that needs it
/// gives an unknown string, as a value of the machine that applies the
/// configuration.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/pathexpand`.
fn pathexpand(options: &TerraformOptions) -> Function {
    let reader = Reader::new(options);
    Function::builder()
        .param(path_param())
        .returns(Type::String)
        .result_not_null()
        .implementation(move |args, _| {
            Ok(match reader.expand(str_arg(&args[0])?)? {
                Some(p) => Value::from(p),
                None => Value::unknown(Type::String),
            })
        })
}

/// `abspath(path)`: `path` made absolute and cleaned, with `/`
/// separators (Go's `filepath.Abs`). A relative path is taken against the
/// working directory of [`FileAccess`] (its base directory with its links
/// resolved, joined to [`FileAccess::working_dir`] if one was given),
/// which stands for Terraform's working directory; without one, a relative path
/// gives an unknown string. The filesystem is not otherwise looked at:
/// the path need not exist.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/abspath`.
fn abspath(options: &TerraformOptions) -> Function {
    let reader = Reader::new(options);
    Function::builder()
        .param(path_param())
        .returns(Type::String)
        .result_not_null()
        .implementation(move |args, _| {
            let path = str_arg(&args[0])?;
            if path.starts_with('/') {
                return Ok(Value::from(clean(path)));
            }
            if reader.access.is_none() {
                return Ok(Value::unknown(Type::String));
            }
            let base = reader.base()?;
            let dir = base.join(reader.working_dir(&base)?);
            let dir = dir
                .to_str()
                .ok_or_else(|| FunctionError::new("the base directory is not valid UTF-8"))?;
            Ok(Value::from(clean(&format!("{dir}/{path}"))))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::env::temp_dir().join(format!("hcl-native-files-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Scratch(fs::canonicalize(&dir).unwrap())
        }

        fn write(&self, rel: &str, text: &str) {
            let p = self.0.join(rel);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn call(access: &FileAccess, name: &str, args: &[Value]) -> Result<Value, String> {
        let options = TerraformOptions::default().with_files(access.clone());
        let f = super::super::lookup(name, &options).unwrap();
        f.call(args).map_err(|e| e.to_string())
    }

    /// S/mod/main, S/mod/x, S/shared/x.tpl and, beside S, a file outside.
    fn sandbox(name: &str) -> (Scratch, Scratch) {
        let s = Scratch::new(name);
        s.write("mod/main", "main");
        s.write("mod/x", "mod x");
        s.write("x", "root x");
        s.write("shared/x.tpl", "Hello, ${who}!");
        let outside = Scratch::new(&format!("{name}-outside"));
        outside.write("secret", "secret");
        (s, outside)
    }

    #[test]
    fn relative_paths_start_at_the_working_directory() {
        let (s, outside) = sandbox("wd");
        for wd in [s.0.join("mod"), PathBuf::from("mod"), PathBuf::from("./mod/")] {
            let access = FileAccess::new(&s.0).working_dir(&wd);
            let file = |p: &str| call(&access, "file", &[Value::from(p)]);
            assert_eq!(file("x"), Ok(Value::from("mod x")), "{wd:?}");
            assert_eq!(file("./main"), Ok(Value::from("main")));
            assert_eq!(file("../shared/x.tpl"), Ok(Value::from("Hello, ${who}!")));
            assert_eq!(file("../x"), Ok(Value::from("root x")));
            let inside = s.0.join("shared/x.tpl");
            assert_eq!(file(inside.to_str().unwrap()), Ok(Value::from("Hello, ${who}!")));
            for out in ["../../outside", "../../secret", "../../../etc/passwd"] {
                let e = file(out).unwrap_err();
                assert!(e.contains("leads outside the base directory"), "{out}: {e}");
            }
            let secret = outside.0.join("secret");
            let e = file(secret.to_str().unwrap()).unwrap_err();
            assert!(e.contains("leads outside the base directory"), "{e}");
            let exists = |p: &str| call(&access, "fileexists", &[Value::from(p)]);
            assert_eq!(exists("main"), Ok(Value::from(true)));
            assert_eq!(exists("../mod/main"), Ok(Value::from(true)));
            assert_eq!(exists("nothing"), Ok(Value::from(false)));
            let rendered = call(
                &access,
                "templatefile",
                &[
                    Value::from("../shared/x.tpl"),
                    Value::object([("who", Value::from("module"))]),
                ],
            );
            assert_eq!(rendered, Ok(Value::from("Hello, module!")));
            assert_eq!(
                call(&access, "filemd5", &[Value::from("main")]),
                call(&FileAccess::new(&s.0), "filemd5", &[Value::from("mod/main")])
            );
            assert_eq!(
                call(&access, "abspath", &[Value::from("../shared")]),
                Ok(Value::from(s.0.join("shared").to_str().unwrap()))
            );
        }
    }

    #[test]
    fn fileset_results_stay_relative_to_its_path() {
        let (s, _outside) = sandbox("wd-fileset");
        let access = FileAccess::new(&s.0).working_dir("mod");
        let set = |p: &str, pat: &str| call(&access, "fileset", &[Value::from(p), Value::from(pat)]);
        let strings =
            |names: &[&str]| Ok(Value::set(Type::String, names.iter().map(|n| Value::from(*n)).collect()).unwrap());
        assert_eq!(set(".", "*"), strings(&["main", "x"]));
        assert_eq!(set("../shared", "*.tpl"), strings(&["x.tpl"]));
        assert_eq!(set("..", "shared/*"), strings(&["shared/x.tpl"]));
        let e = set("..", "../*").unwrap_err();
        assert!(e.contains("leads outside the base directory"), "{e}");
        let e = set("../..", "*").unwrap_err();
        assert!(e.contains("leads outside the base directory"), "{e}");
    }

    #[test]
    fn the_default_working_directory_is_the_base_directory() {
        let (s, _outside) = sandbox("wd-default");
        let access = FileAccess::new(&s.0);
        assert_eq!(access.working_directory(), None);
        assert_eq!(call(&access, "file", &[Value::from("x")]), Ok(Value::from("root x")));
        let e = call(&access, "file", &[Value::from("../x")]).unwrap_err();
        assert!(e.contains("leads outside the base directory"), "{e}");
        assert_eq!(
            call(&access, "abspath", &[Value::from("mod")]),
            Ok(Value::from(s.0.join("mod").to_str().unwrap()))
        );
    }

    #[test]
    fn a_working_directory_outside_the_base_is_refused() {
        let (s, outside) = sandbox("wd-outside");
        for wd in [outside.0.clone(), PathBuf::from(".."), PathBuf::from("mod/../..")] {
            let access = FileAccess::new(&s.0).working_dir(&wd);
            let e = call(&access, "file", &[Value::from("secret")]).unwrap_err();
            assert!(e.contains("lies outside their base directory"), "{wd:?}: {e}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn links_are_checked_along_the_whole_joined_path() {
        let (s, outside) = sandbox("wd-links");
        // a working directory through a link out of the base
        std::os::unix::fs::symlink(&outside.0, s.0.join("away")).unwrap();
        std::os::unix::fs::symlink(s.0.join("shared"), s.0.join("mod/shared-link")).unwrap();
        let access = FileAccess::new(&s.0).working_dir("away");
        let e = call(&access, "file", &[Value::from("secret")]).unwrap_err();
        assert!(e.contains("leads outside the base directory"), "{e}");
        let access = FileAccess::new(&s.0).working_dir("mod");
        assert_eq!(
            call(&access, "file", &[Value::from("shared-link/x.tpl")]),
            Ok(Value::from("Hello, ${who}!"))
        );
        let e = call(&access, "file", &[Value::from("../away/secret")]).unwrap_err();
        assert!(e.contains("leads outside the base directory"), "{e}");
    }
}
