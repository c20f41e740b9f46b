//! References checked before anything is evaluated, as Terraform checks
//! them (`addrs.ParseRef` and its evaluator's static validation): each
//! names something the module declares, `count` and `each` only where a
//! block sets `count` or `for_each`, `path` and `terraform` only their
//! attributes. An expression with such an error is not evaluated (its
//! value is unknown), so a reference is reported once, in Terraform's
//! words.

use std::collections::BTreeSet;

use crate::analysis::{Traversal, TraversalStep};
use crate::diagnostic::quoted;
use crate::Diagnostic;

/// What a module declares, by the names references use.
#[derive(Default)]
pub(super) struct Names {
    pub variables: BTreeSet<String>,
    pub locals: BTreeSet<String>,
    pub modules: BTreeSet<String>,
    /// `(type, name)` of managed resources, data sources and ephemeral
    /// resources.
    pub resources: BTreeSet<(String, String)>,
    pub data: BTreeSet<(String, String)>,
    pub ephemeral: BTreeSet<(String, String)>,
    /// "the root module" or "module.NAME", as Terraform says where.
    pub module_path: String,
}

/// Where an expression is: which of `count`, `each` and iterator names
/// (of `dynamic` blocks and the like) it may use.
#[derive(Clone, Copy, Default)]
pub(super) struct Scope<'s> {
    pub count: bool,
    pub each: bool,
    pub iterators: &'s [String],
}

/// The name a step gives: an attribute's, or a string index's.
fn step_name(step: &TraversalStep) -> Option<String> {
    match step {
        TraversalStep::Attr { name, .. } => Some(name.clone()),
        TraversalStep::Index { key, .. } => key.as_str().map(str::to_string),
    }
}

/// The errors of `traversals` in `scope`.
pub(super) fn check(traversals: &[Traversal], names: &Names, scope: Scope<'_>) -> Vec<Diagnostic> {
    traversals.iter().filter_map(|t| check_one(t, names, scope)).collect()
}

fn check_one(t: &Traversal, names: &Names, scope: Scope<'_>) -> Option<Diagnostic> {
    let root = t.root.as_str();
    if scope.iterators.iter().any(|i| i == root) {
        return None;
    }
    let first = t.steps.first().and_then(step_name);
    let second = t.steps.get(1).and_then(step_name);
    let error = |summary: String, detail: String| Some(Diagnostic::error(summary, detail, t.span()));
    let whole = |what: &str| {
        error(
            "Invalid reference".into(),
            format!(
                "The {} object cannot be accessed directly. Instead, access one of its attributes.",
                quoted(what)
            ),
        )
    };
    let place = &names.module_path;
    match root {
        "var" => {
            let Some(name) = first else { return whole("var") };
            (!names.variables.contains(&name)).then(|| {
                Diagnostic::error(
                    "Reference to undeclared input variable",
                    format!(
                        "An input variable with the name {} has not been declared. This variable can be declared \
                         with a variable {} {{}} block.",
                        quoted(&name),
                        quoted(&name)
                    ),
                    t.span(),
                )
            })
        }
        "local" => {
            let Some(name) = first else { return whole("local") };
            (!names.locals.contains(&name)).then(|| {
                Diagnostic::error(
                    "Reference to undeclared local value",
                    format!("A local value with the name {} has not been declared.", quoted(&name)),
                    t.span(),
                )
            })
        }
        "module" => {
            let Some(name) = first else { return whole("module") };
            (!names.modules.contains(&name)).then(|| {
                Diagnostic::error(
                    "Reference to undeclared module",
                    format!("No module call named {} is declared in {place}.", quoted(&name)),
                    t.span(),
                )
            })
        }
        "data" | "ephemeral" => {
            let (Some(ty), Some(name)) = (first, second) else {
                return error(
                    "Invalid reference".into(),
                    format!(
                        "The {} object must be followed by two attribute names: the {} type and the resource name.",
                        quoted(root),
                        if root == "data" {
                            "data source"
                        } else {
                            "ephemeral resource"
                        }
                    ),
                );
            };
            let (set, what) = if root == "data" {
                (&names.data, "data resource")
            } else {
                (&names.ephemeral, "ephemeral resource")
            };
            (!set.contains(&(ty.clone(), name.clone()))).then(|| {
                Diagnostic::error(
                    "Reference to undeclared resource",
                    format!(
                        "A {what} {} {} has not been declared in {place}.",
                        quoted(&ty),
                        quoted(&name)
                    ),
                    t.span(),
                )
            })
        }
        "count" => {
            if !scope.count {
                return error(
                    "Reference to \"count\" in non-counted context".into(),
                    "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and \
                     only when the \"count\" argument is set."
                        .into(),
                );
            }
            match first.as_deref() {
                Some("index") => None,
                Some(other) => error(
                    "Invalid \"count\" attribute".into(),
                    format!(
                        "The \"count\" object does not have an attribute named {}. The only supported attribute is \
                         count.index, which is the index of each instance of a resource block that has the \"count\" \
                         argument set.",
                        quoted(other)
                    ),
                ),
                None => whole("count"),
            }
        }
        "each" => {
            if !scope.each {
                return error(
                    "Reference to \"each\" in context without for_each".into(),
                    "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \
                     \"for_each\" argument is set."
                        .into(),
                );
            }
            match first.as_deref() {
                Some("key" | "value") => None,
                Some(other) => error(
                    "Invalid \"each\" attribute".into(),
                    format!(
                        "The \"each\" object does not have an attribute named {}. The supported attributes are \
                         each.key and each.value, the current key and value pair of the \"for_each\" attribute set.",
                        quoted(other)
                    ),
                ),
                None => whole("each"),
            }
        }
        "path" => match first.as_deref() {
            Some("module" | "root" | "cwd") => None,
            Some(other) => error(
                "Invalid \"path\" attribute".into(),
                format!(
                    "The \"path\" object does not have an attribute named {}. The supported attributes are \
                     path.cwd, path.module, and path.root, the latter two referring to the directory where the \
                     configuration files are located.",
                    quoted(other)
                ),
            ),
            None => whole("path"),
        },
        "terraform" => match first.as_deref() {
            Some("workspace") => None,
            Some(other) => error(
                "Invalid \"terraform\" attribute".into(),
                format!(
                    "The \"terraform\" object does not have an attribute named {}. The only supported attribute is \
                     terraform.workspace, the name of the currently-selected workspace.",
                    quoted(other)
                ),
            ),
            None => whole("terraform"),
        },
        // `self` belongs to provisioner and connection blocks, which are
        // not evaluated; `resource.T.N` is the long form of `T.N`
        "self" => None,
        _ => {
            let (ty, name) = if root == "resource" {
                (first, second)
            } else {
                (Some(root.to_string()), first)
            };
            let (Some(ty), Some(name)) = (ty, name) else {
                return error(
                    "Invalid reference".into(),
                    "A reference to a resource type must be followed by at least one attribute access, specifying \
                     the resource name."
                        .into(),
                );
            };
            (!names.resources.contains(&(ty.clone(), name.clone()))).then(|| {
                Diagnostic::error(
                    "Reference to undeclared resource",
                    format!(
                        "A managed resource {} {} has not been declared in {place}.",
                        quoted(&ty),
                        quoted(&name)
                    ),
                    t.span(),
                )
            })
        }
    }
}
