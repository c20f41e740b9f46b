//! A store of parsed files that owns their sources and syntax trees.

use std::cell::{OnceCell, RefCell};
use std::path::Path;
use std::sync::Arc;

use elsa::FrozenVec;

use crate::body::AnyFile;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::render::Style;
use crate::span::{LineIndex, Locator, Position};
use crate::{Arena, ParseOptions, Parsed};

/// Files parsed and kept together: the store owns each file's source and
/// syntax tree, and hands out trees that live as long as the store, so a
/// program can read many files one after another (a directory of `.tf`
/// and `.tf.json` files, a module and the modules it calls) and keep every
/// tree without leaking memory or juggling arenas.
///
/// Files are added through `&self`: trees already handed out stay valid
/// while more files are added. The syntax is chosen by the file's name
/// (`.json` is the JSON syntax), as [`AnyFile::parse`] does. Diagnostics
/// come back placed in their file ([`Diagnostic::file`]), and
/// [`Files::render`] and [`Files::located`] find each one's source by that
/// name.
///
/// ```
/// use hcl_native::body::{AnyBody, NamedBody};
/// use hcl_native::Files;
///
/// let files = Files::new();
/// let main = files.parse("main.tf", "region = \"eu\"\n");
/// let more = files.parse("extra.tf.json", r#"{"zone": 3}"#);
/// assert!(!main.diagnostics.has_errors() && !more.diagnostics.has_errors());
///
/// // both trees stay usable while the store lives: read them as one body
/// let merged = AnyBody::merge(vec![
///     NamedBody { name: "main.tf".into(), body: main.ast.body() },
///     NamedBody { name: "extra.tf.json".into(), body: more.ast.body() },
/// ]);
/// let (attrs, _) = merged.just_attributes();
/// assert_eq!(attrs.len(), 2);
///
/// let bad = files.parse("bad.tf", "a = [1,\n");
/// let text = files.render(&bad.diagnostics);
/// assert!(text.contains("--> bad.tf:1:5"), "{text}");
/// ```
#[derive(Default)]
pub struct Files {
    arena: Arena,
    sources: FrozenVec<Box<Source>>,
    /// Each file's name, at the index of its source.
    names: RefCell<Vec<Arc<str>>>,
    options: ParseOptions,
}

/// A file's text and its line index, made when a position in it is first
/// asked for and then kept: the one source map every renderer of this
/// store's diagnostics uses.
struct Source {
    text: Box<[u8]>,
    lines: OnceCell<LineIndex>,
}

impl Source {
    fn locator(&self) -> Locator<'_> {
        Locator::with_index(&self.text, self.lines.get_or_init(|| LineIndex::new(&self.text)))
    }
}

impl Files {
    /// An empty store that parses with the default [`ParseOptions`].
    pub fn new() -> Files {
        Files::default()
    }

    /// An empty store that parses with `options`.
    ///
    /// ```
    /// use hcl_native::{Files, ParseOptions};
    ///
    /// let mut options = ParseOptions::default();
    /// options.max_depth = 4;
    /// let files = Files::with_options(options);
    /// assert!(files.parse("deep.hcl", "a = [[[[[[1]]]]]]\n").diagnostics.has_errors());
    /// ```
    pub fn with_options(options: ParseOptions) -> Files {
        Files {
            options,
            ..Files::default()
        }
    }

    /// Parses `source` as the file `name` and keeps both; the tree lives as
    /// long as the store. A name given twice keeps both files, but
    /// diagnostics find their source by name, so [`Files::source`],
    /// [`Files::render`] and [`Files::located`] then show the later one:
    /// give each file its own name.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// let parsed = files.parse("a.hcl", b"x = 1\n".to_vec());
    /// let (attrs, _) = parsed.ast.body().just_attributes();
    /// assert_eq!(attrs[0].name, "x");
    /// ```
    pub fn parse(&self, name: &str, source: impl Into<Vec<u8>>) -> Parsed<AnyFile<'_>> {
        let (src, name) = self.keep(name, source);
        let parsed = AnyFile::parse_with(&self.arena, &name, src, &self.options);
        Parsed {
            ast: parsed.ast,
            diagnostics: parsed.diagnostics.in_file(&name),
        }
    }

    /// Keeps `source` as the file `name` without parsing it, and gives
    /// back the kept text, which lives as long as the store: for a text
    /// read another way (a spec file, a variables file, a text that could
    /// only be partly read), whose diagnostics the store is then to place
    /// and render.
    ///
    /// ```
    /// use hcl_native::{Diagnostic, Diagnostics, Files, Span};
    ///
    /// let files = Files::new();
    /// let src = files.add("notes.txt", "first\nsecond line\n");
    /// assert_eq!(src, &b"first\nsecond line\n"[..]);
    /// let mut found = Diagnostics::new();
    /// found.push(Diagnostic::error("Odd word", "", Span::new(13, 17)));
    /// let text = files.render(&found.in_file(&"notes.txt".into()));
    /// assert!(text.contains("notes.txt:2:8"), "{text}");
    /// ```
    pub fn add(&self, name: &str, source: impl Into<Vec<u8>>) -> &[u8] {
        self.keep(name, source).0
    }

    fn keep(&self, name: &str, source: impl Into<Vec<u8>>) -> (&[u8], Arc<str>) {
        let kept = self.sources.push_get(Box::new(Source {
            text: source.into().into_boxed_slice(),
            lines: OnceCell::new(),
        }));
        let name: Arc<str> = name.into();
        self.names.borrow_mut().push(name.clone());
        (&kept.text, name)
    }

    /// Reads the file at `path` and parses it ([`Files::parse`]), named as
    /// the path is written.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// let parsed = files.read("examples/app.hcl").unwrap();
    /// assert!(!parsed.diagnostics.has_errors());
    /// assert!(files.read("no/such/file.hcl").is_err());
    /// ```
    pub fn read(&self, path: impl AsRef<Path>) -> std::io::Result<Parsed<AnyFile<'_>>> {
        let path = path.as_ref();
        let source = std::fs::read(path)?;
        Ok(self.parse(&path.to_string_lossy(), source))
    }

    /// The source of the file named `name` (the latest one of that name).
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// files.parse("a.hcl", "x = 1\n");
    /// assert_eq!(files.source("a.hcl"), Some(&b"x = 1\n"[..]));
    /// assert_eq!(files.source("b.hcl"), None);
    /// ```
    pub fn source(&self, name: &str) -> Option<&[u8]> {
        self.file(name).map(|f| &*f.text)
    }

    /// The file named `name` (the latest one of that name).
    fn file(&self, name: &str) -> Option<&Source> {
        let index = self.names.borrow().iter().rposition(|n| &**n == name)?;
        self.sources.get(index)
    }

    /// Positions in the file named `name`, with the file's line index
    /// (made once per file, however many positions and renderings ask).
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// files.parse("a.hcl", "x = 1\ny = 2\n");
    /// let loc = files.locator("a.hcl").unwrap();
    /// assert_eq!((loc.position(10).line, loc.position(10).column), (2, 5));
    /// assert!(files.locator("b.hcl").is_none());
    /// ```
    pub fn locator(&self, name: &str) -> Option<Locator<'_>> {
        self.file(name).map(Source::locator)
    }

    /// The position of byte `offset` in the file named `name`.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// files.parse("a.hcl", "x = 1\ny = 2\n");
    /// assert_eq!(files.position("a.hcl", 6).map(|p| (p.line, p.column)), Some((2, 1)));
    /// ```
    pub fn position(&self, name: &str, offset: u32) -> Option<Position> {
        self.locator(name).map(|l| l.position(offset))
    }

    /// The names of the files, in the order they were added.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// files.parse("a.hcl", "");
    /// files.parse("b.hcl.json", "{}");
    /// assert_eq!(files.names().iter().map(|n| &**n).collect::<Vec<_>>(), ["a.hcl", "b.hcl.json"]);
    /// ```
    pub fn names(&self) -> Vec<Arc<str>> {
        self.names.borrow().clone()
    }

    /// `diagnostic` with the source of its file, for display as
    /// `file:line:column: severity: summary: detail`; none when the
    /// diagnostic names no file of this store.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// let parsed = files.parse("a.hcl", "x = \n");
    /// let d = &parsed.diagnostics.as_slice()[0];
    /// assert!(files.located(d).unwrap().to_string().starts_with("a.hcl:1:5: error: Invalid expression"));
    /// ```
    pub fn located<'d>(&'d self, diagnostic: &'d Diagnostic) -> Option<crate::Located<'d>> {
        let name = diagnostic.file.as_deref()?;
        let src = self.source(name)?;
        Some(diagnostic.located(name, src))
    }

    /// Renders `diagnostics` with their source lines, each in its own file
    /// ([`crate::render::render_diagnostic`]); one that names no file of the
    /// store is written as `severity: summary: detail`.
    ///
    /// ```
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// let a = files.parse("a.hcl", "x = [\n");
    /// let b = files.parse("b.hcl.json", "{\"y\": }");
    /// let mut all = a.diagnostics;
    /// all.extend(b.diagnostics);
    /// let text = files.render(&all);
    /// assert!(text.contains("a.hcl:") && text.contains("b.hcl.json:1:7"), "{text}");
    /// ```
    pub fn render(&self, diagnostics: &Diagnostics) -> String {
        self.render_styled(diagnostics, Style::Plain)
    }

    /// [`Files::render`] in a [`Style`]; each file's line index is made
    /// once and kept.
    ///
    /// ```
    /// use hcl_native::render::Style;
    /// use hcl_native::Files;
    ///
    /// let files = Files::new();
    /// let a = files.parse("a.hcl", "x = \n");
    /// assert!(files.render_styled(&a.diagnostics, Style::Color).contains('\x1b'));
    /// ```
    pub fn render_styled(&self, diagnostics: &Diagnostics, style: Style) -> String {
        let mut out = String::new();
        for d in diagnostics.as_slice() {
            match d.file.as_deref().and_then(|name| Some((name, self.file(name)?))) {
                Some((name, f)) => {
                    let loc = f.locator();
                    out.push_str(&crate::render::render_one(name, &f.text, loc.line_index(), d, style));
                }
                None => out.push_str(&d.to_string()),
            }
            out.push_str("\n\n");
        }
        out
    }
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files").field("names", &self.names.borrow()).finish()
    }
}
