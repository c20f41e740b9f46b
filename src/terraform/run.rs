//! Evaluating a module: variables, then locals and module calls in
//! dependency order, then resources, data sources and outputs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::body::{AnyBlock, AnyBody, AnyExpression, BodyView, NamedBody};
use crate::diagnostic::quoted;
use crate::eval::{EvalContext, Evaluated, StepBudget};
use crate::stdlib::terraform::{FileAccess, TerraformOptions};
use crate::value::{Type, Value, ValueRef};
use crate::{Arena, Diagnostic, Diagnostics, Files, Span};

use super::config::{at, schema, Config, Kind};
use super::inputs::{gather, Input};
use super::refs::{check, Names, Scope};
use super::variables::Variable;
use super::{Evaluation, Inputs, Module};

/// What an evaluation is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Purpose {
    /// Values: the directory's variables files are read, a required
    /// variable without a value is an error.
    Values,
    /// `terraform validate`: root variables are unknown unless given.
    Check,
}

/// A root module's evaluation.
pub(super) fn evaluate(module: &Module, inputs: &Inputs, purpose: Purpose, depth: usize) -> Evaluation {
    let budget = StepBudget::new(inputs.max_steps.unwrap_or(crate::eval::EvalLimits::default().max_steps));
    let world = World {
        inputs,
        purpose,
        root_dir: module.dir.clone(),
        budget,
    };
    run(module, &world, Caller::Root, depth)
}

/// What every module of one evaluation shares.
struct World<'i> {
    inputs: &'i Inputs,
    purpose: Purpose,
    /// The root module's directory: the working directory of the
    /// filesystem functions, as Terraform's is the directory it runs in.
    root_dir: PathBuf,
    budget: StepBudget,
}

/// Who evaluates a module.
enum Caller {
    Root,
    /// A module call: its path (`module.a.module.b`), the path of the
    /// module's directory from the root's (`path.module`), and the
    /// values of its arguments.
    Call {
        path: String,
        module_path: String,
        values: BTreeMap<String, Value>,
    },
}

fn run(module: &Module, world: &World<'_>, caller: Caller, depth: usize) -> Evaluation {
    let files = Files::with_options(world.inputs.parse.clone());
    let (variables, locals, outputs, diagnostics, sensitive) = run_in(module, world, caller, depth, &files);
    Evaluation {
        variables,
        locals,
        outputs,
        diagnostics,
        sensitive,
        files,
    }
}

/// The values of each kind, by name.
type Values = BTreeMap<String, Evaluated>;

/// [`run`] with the files its diagnostics will be in.
fn run_in(
    module: &Module,
    world: &World<'_>,
    caller: Caller,
    depth: usize,
    files: &Files,
) -> (Values, Values, Values, Diagnostics, BTreeSet<String>) {
    let scratch = Arena::new();
    let mut diags = Diagnostics::new();
    let names: Vec<Arc<str>> = module
        .sources
        .iter()
        .map(|(n, _)| Arc::from(module.dir.join(n).display().to_string()))
        .collect();
    let parsed: Vec<_> = module
        .sources
        .iter()
        .zip(&names)
        .map(|((_, src), name)| files.parse(name, src.clone()))
        .collect();
    let mut bodies = Vec::with_capacity(parsed.len());
    for (p, name) in parsed.iter().zip(&names) {
        diags.extend(p.diagnostics.iter().cloned());
        bodies.push(NamedBody {
            name: name.clone(),
            body: p.ast.body(),
        });
    }
    let merged = AnyBody::merge(bodies);
    let config = Config::read(&merged, files, &mut diags);

    let mut variables: BTreeMap<&str, Variable<'_, '_>> = BTreeMap::new();
    for block in &config.variables {
        let v = Variable::read(block.clone(), &scratch, &mut diags);
        variables.insert(v.name, v);
    }
    let names = declared(&config, &variables, &caller);

    // variables
    let root = matches!(caller, Caller::Root);
    let given: BTreeMap<String, Input> = match &caller {
        Caller::Root => gather(
            &module.dir,
            world.inputs,
            world.purpose == Purpose::Values && world.inputs.auto_files,
            world.purpose == Purpose::Check,
            &variables,
            files,
            &mut diags,
        ),
        Caller::Call { values, .. } => values
            .iter()
            .map(|(k, v)| {
                let input = Input {
                    value: v.clone(),
                    file: None,
                    span: Span::empty(0),
                };
                (k.clone(), input)
            })
            .collect(),
    };
    let mut var_values: BTreeMap<String, Evaluated> = BTreeMap::new();
    for (name, var) in &variables {
        let mut d = Diagnostics::new();
        let file = var.block.file.as_ref();
        let value = match given.get(*name) {
            Some(input) => input_value(var, input, files, &mut d),
            None if root && world.purpose == Purpose::Check => var.unknown(),
            None => match &var.default {
                Some(v) => v.clone(),
                None if root => {
                    d.push(
                        Diagnostic::error(
                            "No value for required variable",
                            format!(
                                "The root module input variable {} is not set, and has no default value. Use a -var \
                                 or -var-file command line argument to provide a value for this variable.",
                                quoted(name)
                            ),
                            var.block.def_span,
                        )
                        .in_file_of(file),
                    );
                    var.unknown()
                }
                // the call reports the missing argument
                None => var.unknown(),
            },
        };
        var_values.insert(name.to_string(), Evaluated { value, diagnostics: d });
    }

    // the context every expression of the module is evaluated in
    let module_path = match &caller {
        Caller::Root => ".".to_string(),
        Caller::Call { module_path, .. } => module_path.clone(),
    };
    // relative paths start at the root module's directory, as Terraform's
    // start at the directory it runs in; nothing may leave the sandbox
    let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let working = absolute(&world.root_dir);
    let sandbox = world
        .inputs
        .sandbox
        .as_deref()
        .map_or_else(|| working.clone(), absolute);
    let options = TerraformOptions::default().with_files(FileAccess::new(sandbox).working_dir(working.clone()));
    let mut base = EvalContext::with_terraform_functions(options);
    base.share_step_budget(world.budget.clone());
    let var_object = Value::object(var_values.iter().map(|(k, e)| (k.as_str(), e.value.clone())));
    let cwd = working;
    let path = Value::object([
        ("module", Value::from(module_path.as_str())),
        ("root", Value::from(".")),
        ("cwd", Value::from(cwd.display().to_string())),
    ]);
    let set = |ctx: &mut EvalContext<'_>, name: &str, v: Value| {
        ctx.set_variable(name, v).expect("a full context takes variables");
    };
    set(&mut base, "var", var_object);
    set(&mut base, "path", path);
    set(
        &mut base,
        "terraform",
        Value::object([("workspace", Value::from(world.inputs.workspace.as_str()))]),
    );

    // locals, module calls and the instances of resources, in dependency
    // order
    let mut locals: BTreeMap<String, Evaluated> = BTreeMap::new();
    let mut module_values: BTreeMap<String, Value> = BTreeMap::new();
    let mut resource_values: Vec<Value> = vec![Value::dynamic(); config.resources.len()];
    let mut expansions: Vec<Option<Expansion>> = (0..config.resources.len()).map(|_| None).collect();
    let (nodes, edges) = order(&config, files, &mut diags);
    let n_locals = config.locals.len();
    let n_modules = config.modules.len();
    for step in nodes {
        // each step sees what it refers to (a context of every local for
        // each local would cost the square of their number)
        let node = match step {
            Step::Local(i, _) => i,
            Step::Module(i) => n_locals + i,
            Step::Resource(i) => n_locals + n_modules + i,
        };
        let mut ctx = base.child();
        let mut local_refs: Vec<(&str, Value)> = Vec::new();
        let mut module_refs: Vec<(&str, Value)> = Vec::new();
        let mut resource_refs: Vec<usize> = Vec::new();
        for &d in &edges[node] {
            if d < n_locals {
                let name = config.locals[d].name;
                local_refs.push((name, locals.get(name).map_or_else(Value::dynamic, |e| e.value.clone())));
            } else if d < n_locals + n_modules {
                let name = label(&config.modules[d - n_locals], 0);
                module_refs.push((name, module_values.get(name).cloned().unwrap_or_else(Value::dynamic)));
            } else {
                resource_refs.push(d - n_locals - n_modules);
            }
        }
        set(&mut ctx, "local", Value::object(local_refs));
        set(&mut ctx, "module", Value::object(module_refs));
        for (name, value) in resource_roots(&config, &resource_values, Some(&resource_refs)) {
            set(&mut ctx, &name, value);
        }
        match step {
            Step::Local(i, cyclic) => {
                let a = &config.locals[i];
                let e = if cyclic {
                    Evaluated {
                        value: Value::dynamic(),
                        diagnostics: Diagnostics::new(),
                    }
                } else {
                    let mut d = Diagnostics::new();
                    let value = expression(&a.expr, a.file.as_ref(), Some(&ctx), &names, Scope::default(), &mut d);
                    Evaluated { value, diagnostics: d }
                };
                locals.insert(a.name.to_string(), e);
            }
            Step::Module(i) => {
                let block = &config.modules[i];
                let value = call(module, block, &ctx, &names, world, &caller, depth, files, &mut diags);
                module_values.insert(label(block, 0).to_string(), value);
            }
            Step::Resource(i) => {
                let (_, block) = &config.resources[i];
                let (meta, _, d) = block.body.partial_content(&schema(&["count", "for_each"], &[], &[]));
                diags.extend(d);
                let e = expand(
                    meta.attributes.get("count"),
                    meta.attributes.get("for_each"),
                    &ctx,
                    &names,
                    &mut diags,
                );
                // `terraform validate` knows no resource's instances: each
                // is an unknown value there
                if world.purpose == Purpose::Values {
                    resource_values[i] = e.shape(vec![Value::dynamic(); e.instances.len()]);
                }
                expansions[i] = Some(e);
            }
        }
    }
    let mut ctx = base.child();
    set(&mut ctx, "local", object_of(&config, &locals, |l| l.name));
    set(&mut ctx, "module", modules_object(&config, &module_values));
    for (name, value) in resource_roots(&config, &resource_values, None) {
        set(&mut ctx, &name, value);
    }

    // validation rules, with everything known
    for (name, var) in &variables {
        let entry = var_values.get_mut(*name).expect("every variable has a value");
        let source = given.get(*name);
        for rule in &var.validations {
            validate(var, rule, source, &ctx, &names, files, &mut entry.diagnostics);
        }
    }

    // resources and data sources
    for ((_, block), e) in config.resources.iter().zip(expansions) {
        if let Some(e) = e {
            resource(block, &e, &ctx, &names, world, &mut diags);
        }
    }

    // outputs
    let mut outputs = BTreeMap::new();
    let mut sensitive_outputs = Vec::new();
    for block in &config.outputs {
        let mut d = Diagnostics::new();
        let (content, cd) = block.body.content(&schema(
            &["description", "value", "sensitive", "depends_on", "ephemeral"],
            &["value"],
            &[("precondition", &[])],
        ));
        d.extend(cd);
        let value = match content.attributes.get("value") {
            Some(a) => expression(&a.expr, a.file.as_ref(), Some(&ctx), &names, Scope::default(), &mut d),
            None => Value::dynamic(),
        };
        if let Some(a) = content.attributes.get("sensitive") {
            let e = a.expr.evaluate(&EvalContext::literal_only());
            d.extend(e.diagnostics.into_iter().map(|x| x.in_file_of(a.file.as_ref())));
            if e.value.as_bool() == Some(true) {
                sensitive_outputs.push(label(block, 0).to_string());
            }
        }
        outputs.insert(label(block, 0).to_string(), Evaluated { value, diagnostics: d });
    }

    let mut sensitive: BTreeSet<String> = variables
        .values()
        .filter(|v| v.sensitive)
        .map(|v| format!("var.{}", v.name))
        .collect();
    sensitive.extend(sensitive_outputs.into_iter().map(|n| format!("output.{n}")));
    (var_values, locals, outputs, diags, sensitive)
}

/// A value given for `var` converted to its type, or an error.
fn input_value(var: &Variable<'_, '_>, input: &Input, files: &Files, d: &mut Diagnostics) -> Value {
    let declared = at(files, var.block.file.as_ref(), var.block.def_span);
    let fail = |d: &mut Diagnostics, why: String| {
        d.push(
            Diagnostic::error(
                "Invalid value for input variable",
                format!(
                    "The given value is not suitable for var.{} declared at {declared}: {why}.",
                    var.name
                ),
                input.span,
            )
            .in_file_of(input.file.as_ref()),
        );
        var.unknown()
    };
    if input.value.is_null() && !var.nullable {
        return match &var.default {
            Some(v) => v.clone(),
            None => fail(d, "required variable may not be set to null".into()),
        };
    }
    match var.convert(&input.value) {
        Ok(v) => v,
        Err(e) => fail(d, e.to_string()),
    }
}

/// What the module declares, by the names its references use.
fn declared(config: &Config<'_, '_>, variables: &BTreeMap<&str, Variable<'_, '_>>, caller: &Caller) -> Names {
    let mut names = Names {
        module_path: match caller {
            Caller::Root => "the root module".into(),
            Caller::Call { path, .. } => path.clone(),
        },
        ..Names::default()
    };
    names.variables = variables.keys().map(|k| k.to_string()).collect();
    names.locals = config.locals.iter().map(|l| l.name.to_string()).collect();
    names.modules = config.modules.iter().map(|b| label(b, 0).to_string()).collect();
    for (kind, block) in &config.resources {
        let key = (label(block, 0).to_string(), label(block, 1).to_string());
        match kind {
            Kind::Resource => names.resources.insert(key),
            Kind::Data => names.data.insert(key),
            Kind::Ephemeral => names.ephemeral.insert(key),
        };
    }
    names
}

/// A block's label `i`, or "" (a block with too few labels was reported).
fn label<'n>(block: &AnyBlock<'n, '_>, i: usize) -> &'n str {
    block.labels.get(i).map_or("", |(l, _)| *l)
}

/// The root variables of resources, data sources and ephemeral resources
/// (`aws_instance`, `resource`, `data`, `ephemeral`), each resource
/// `values[i]`: its instances, each an unknown value (its attributes
/// come from a provider); with `only`, just those resources.
fn resource_roots(config: &Config<'_, '_>, values: &[Value], only: Option<&[usize]>) -> Vec<(String, Value)> {
    let chosen: Vec<usize> = match only {
        Some(list) => list.to_vec(),
        None => (0..config.resources.len()).collect(),
    };
    let group = |kind: Kind| {
        let mut by_type: BTreeMap<&str, Vec<(&str, Value)>> = BTreeMap::new();
        for &i in &chosen {
            let ((k, block), v) = (&config.resources[i], &values[i]);
            if *k == kind {
                by_type
                    .entry(label(block, 0))
                    .or_default()
                    .push((label(block, 1), v.clone()));
            }
        }
        by_type
            .into_iter()
            .map(|(ty, items)| (ty.to_string(), Value::object(items)))
            .collect::<Vec<_>>()
    };
    let managed = group(Kind::Resource);
    let mut out: Vec<(String, Value)> = managed
        .iter()
        .filter(|(ty, _)| !RESERVED.contains(&ty.as_str()))
        .cloned()
        .collect();
    out.push(("resource".into(), Value::object(managed)));
    out.push(("data".into(), Value::object(group(Kind::Data))));
    out.push(("ephemeral".into(), Value::object(group(Kind::Ephemeral))));
    out
}

/// Root names that are not resource types.
const RESERVED: &[&str] = &[
    "var",
    "local",
    "module",
    "data",
    "ephemeral",
    "resource",
    "path",
    "terraform",
    "count",
    "each",
    "self",
];

/// The `local` object: every local evaluated so far, the others unknown.
fn object_of<'n, 'a>(
    config: &Config<'n, 'a>,
    done: &BTreeMap<String, Evaluated>,
    name: impl Fn(&crate::body::AnyAttribute<'n, 'a>) -> &'n str,
) -> Value {
    Value::object(config.locals.iter().map(|l| {
        let n = name(l);
        (n, done.get(n).map_or_else(Value::dynamic, |e| e.value.clone()))
    }))
}

/// The `module` object: each call's outputs evaluated so far, the others
/// unknown.
fn modules_object(config: &Config<'_, '_>, done: &BTreeMap<String, Value>) -> Value {
    Value::object(config.modules.iter().map(|b| {
        let n = label(b, 0);
        (n, done.get(n).cloned().unwrap_or_else(Value::dynamic))
    }))
}

/// One step of the order locals, module calls and resources' instances
/// are evaluated in; a local in a cycle of locals is not evaluated.
enum Step {
    Local(usize, bool),
    Module(usize),
    Resource(usize),
}

/// Locals, module calls and resources (their `count` and `for_each`) in
/// dependency order (Tarjan's strongly connected components, which come
/// out dependencies first). A cycle of locals alone is an error naming
/// its members, reported once. A cycle through a module call or a
/// resource is not: Terraform's graph has a node for each of a call's
/// arguments and outputs, where this one has one for the call, so the
/// members are evaluated one after the other, each seeing the others it
/// has not reached yet as unknown.
/// Also each node's edges: the locals, module calls and resources it
/// refers to (node `i` a local, then the module calls, then the
/// resources).
fn order(config: &Config<'_, '_>, files: &Files, diags: &mut Diagnostics) -> (Vec<Step>, Vec<Vec<usize>>) {
    let n_locals = config.locals.len();
    let n_modules = config.modules.len();
    let n = n_locals + n_modules + config.resources.len();
    let local_index: BTreeMap<&str, usize> = config.locals.iter().enumerate().map(|(i, l)| (l.name, i)).collect();
    let module_index: BTreeMap<&str, usize> = config
        .modules
        .iter()
        .enumerate()
        .map(|(i, b)| (label(b, 0), n_locals + i))
        .collect();
    let mut resource_index: BTreeMap<(&str, &str, &str), usize> = BTreeMap::new();
    for (i, (kind, b)) in config.resources.iter().enumerate() {
        let root = match kind {
            Kind::Resource => "",
            Kind::Data => "data",
            Kind::Ephemeral => "ephemeral",
        };
        resource_index.insert((root, label(b, 0), label(b, 1)), n_locals + n_modules + i);
    }
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut add = |from: usize, traversals: Vec<crate::analysis::Traversal>| {
        for t in traversals {
            let name = |i: usize| match t.steps.get(i) {
                Some(crate::analysis::TraversalStep::Attr { name, .. }) => Some(name.as_str()),
                _ => None,
            };
            let Some(first) = name(0) else { continue };
            let to = match t.root.as_str() {
                "local" => local_index.get(first),
                "module" => module_index.get(first),
                root @ ("data" | "ephemeral" | "resource") => {
                    let root = if root == "resource" { "" } else { root };
                    name(1).and_then(|second| resource_index.get(&(root, first, second)))
                }
                ty => resource_index.get(&("", ty, first)),
            };
            if let Some(&to) = to {
                edges[from].push(to);
            }
        }
    };
    for (i, l) in config.locals.iter().enumerate() {
        add(i, l.expr.variables());
    }
    for (i, b) in config.modules.iter().enumerate() {
        let (attrs, _) = b.body.just_attributes();
        for a in attrs {
            add(n_locals + i, a.expr.variables());
        }
    }
    for (i, (_, b)) in config.resources.iter().enumerate() {
        let (meta, _, _) = b.body.partial_content(&schema(&["count", "for_each"], &[], &[]));
        for a in meta.attributes.values() {
            add(n_locals + n_modules + i, a.expr.variables());
        }
    }
    let components = tarjan(&edges);
    let mut out = Vec::with_capacity(n);
    for comp in components {
        let cyclic = comp.len() > 1 || edges[comp[0]].contains(&comp[0]);
        let locals_only = comp.iter().all(|&i| i < n_locals);
        if cyclic && locals_only {
            let mut members: Vec<(String, String)> = comp
                .iter()
                .map(|&i| {
                    let l = &config.locals[i];
                    (format!("local.{}", l.name), at(files, l.file.as_ref(), l.name_span))
                })
                .collect();
            members.sort();
            let first = &config.locals[comp[0]];
            let list: Vec<&str> = members.iter().map(|(m, _)| m.as_str()).collect();
            let places: Vec<String> = members.iter().map(|(m, p)| format!("{m} ({p})")).collect();
            diags.push(
                Diagnostic::error(
                    format!("Cycle: {}", list.join(", ")),
                    format!(
                        "These local values refer to each other, so none of them can be evaluated: {}.",
                        places.join(", ")
                    ),
                    first.name_span,
                )
                .in_file_of(first.file.as_ref()),
            );
        }
        for i in comp {
            out.push(if i < n_locals {
                Step::Local(i, cyclic && locals_only)
            } else if i < n_locals + n_modules {
                Step::Module(i - n_locals)
            } else {
                Step::Resource(i - n_locals - n_modules)
            });
        }
    }
    for e in &mut edges {
        e.sort_unstable();
        e.dedup();
    }
    (out, edges)
}

/// The strongly connected components of a graph, each after every
/// component it has an edge to (iterative, so a long chain of locals
/// needs no deep stack).
fn tarjan(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(start, 0)];
        while let Some(&mut (v, ref mut edge)) = work.last_mut() {
            if *edge == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*edge) {
                *edge += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                comp.sort_unstable();
                out.push(comp);
            }
        }
    }
    out
}

/// An expression's value, its references checked first: one that names
/// something undeclared is reported and the expression not evaluated.
/// Without a context (a body of zero instances, the content of a
/// `dynamic` block whose `for_each` is unknown) only the references are
/// checked, as Terraform checks them statically, and the value is
/// unknown.
fn expression(
    expr: &AnyExpression<'_, '_>,
    file: Option<&Arc<str>>,
    ctx: Option<&EvalContext<'_>>,
    names: &Names,
    scope: Scope<'_>,
    diags: &mut Diagnostics,
) -> Value {
    let scope = match ctx {
        Some(_) => scope,
        None => Scope {
            count: true,
            each: true,
            ..scope
        },
    };
    let errors = check(&expr.variables(), names, scope);
    if !errors.is_empty() {
        diags.extend(errors.into_iter().map(|d| d.in_file_of(file)));
        return Value::dynamic();
    }
    let Some(ctx) = ctx else { return Value::dynamic() };
    let e = expr.evaluate(ctx);
    diags.extend(e.diagnostics.into_iter().map(|d| d.in_file_of(file)));
    e.value
}

/// One instance of a block with `count` or `for_each`: the values of
/// `count` and `each` in it.
struct Instance {
    count: Option<Value>,
    each: Option<Value>,
}

/// The instances of a block with `count` or `for_each`, and which of
/// them it sets.
struct Expansion {
    instances: Vec<Instance>,
    count: bool,
    each: bool,
}

impl Expansion {
    /// Whether `count` or `for_each` is unknown (then the one instance
    /// has unknown `count.index` or `each`).
    fn unknown(&self) -> bool {
        let unknown = |v: &Option<Value>| v.as_ref().is_some_and(|v| !v.is_wholly_known());
        self.instances.len() == 1 && (unknown(&self.instances[0].count) || unknown(&self.instances[0].each))
    }

    /// The block's value, from each instance's: a tuple with `count`, an
    /// object by key with `for_each`, the one instance's without either,
    /// unknown when the instances are.
    fn shape(&self, mut values: Vec<Value>) -> Value {
        if self.unknown() {
            return Value::dynamic();
        }
        if self.count {
            return Value::tuple(values);
        }
        if self.each {
            let keys = self.instances.iter().map(|i| {
                i.each
                    .as_ref()
                    .and_then(|e| e.get("key"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string()
            });
            return Value::object(keys.zip(values).collect::<Vec<_>>());
        }
        values.pop().unwrap_or_else(Value::dynamic)
    }

    /// The scope of the block's body.
    fn scope(&self) -> Scope<'static> {
        Scope {
            count: self.count,
            each: self.each,
            iterators: &[],
        }
    }
}

/// The instances of a block whose meta-arguments are `count` and
/// `for_each`: none when `count` is 0 or `for_each` empty, one with
/// unknown `count.index` or `each` when they are unknown, one without
/// either when neither is set.
fn expand(
    count: Option<&crate::body::AnyAttribute<'_, '_>>,
    for_each: Option<&crate::body::AnyAttribute<'_, '_>>,
    ctx: &EvalContext<'_>,
    names: &Names,
    diags: &mut Diagnostics,
) -> Expansion {
    let (instances, count, each) = instances(count, for_each, ctx, names, diags);
    Expansion { instances, count, each }
}

/// [`expand`]'s work.
fn instances(
    count: Option<&crate::body::AnyAttribute<'_, '_>>,
    for_each: Option<&crate::body::AnyAttribute<'_, '_>>,
    ctx: &EvalContext<'_>,
    names: &Names,
    diags: &mut Diagnostics,
) -> (Vec<Instance>, bool, bool) {
    let unknown_count = || Instance {
        count: Some(Value::object([("index", Value::unknown(Type::Number))])),
        each: None,
    };
    let unknown_each = || Instance {
        count: None,
        each: Some(Value::object([
            ("key", Value::unknown(Type::String)),
            ("value", Value::dynamic()),
        ])),
    };
    match (count, for_each) {
        (Some(c), Some(f)) => {
            diags.push(
                Diagnostic::error(
                    "Invalid combination of \"count\" and \"for_each\"",
                    "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used \
                     to be explicit about the number of resources to be created.",
                    f.name_span,
                )
                .in_file_of(f.file.as_ref()),
            );
            let _ = c;
            (vec![unknown_count()], true, true)
        }
        (Some(c), None) => {
            let v = expression(&c.expr, c.file.as_ref(), Some(ctx), names, Scope::default(), diags);
            let fail = |why: &str, diags: &mut Diagnostics| {
                diags.push(
                    Diagnostic::error("Invalid count argument", why.to_string(), c.expr.span())
                        .in_file_of(c.file.as_ref()),
                );
                (vec![unknown_count()], true, false)
            };
            if v.is_null() {
                return fail(
                    "The given \"count\" argument value is null. An integer is required.",
                    diags,
                );
            }
            if !v.is_known() {
                return (vec![unknown_count()], true, false);
            }
            let n = match crate::convert::convert(&v, &Type::Number) {
                Ok(n) if !n.is_known() => return (vec![unknown_count()], true, false),
                Ok(n) => n,
                Err(_) => {
                    return fail(
                        "The given \"count\" argument value is unsuitable: number required.",
                        diags,
                    )
                }
            };
            let Some(number) = n.as_number() else {
                return fail(
                    "The given \"count\" argument value is unsuitable: number required.",
                    diags,
                );
            };
            let Some(n) = number.to_i64().filter(|_| number.is_integer()) else {
                return fail(
                    "The given \"count\" argument value is unsuitable: value must be a whole number.",
                    diags,
                );
            };
            if n < 0 {
                return fail(
                    "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.",
                    diags,
                );
            }
            // each instance costs a step: a count beyond the budget is
            // refused before its instances are made
            let room = ctx.step_budget().map_or(u64::MAX, StepBudget::remaining);
            if u64::try_from(n).unwrap_or(u64::MAX) > room {
                diags.push(
                    Diagnostic::error(
                        "Evaluation step limit reached",
                        format!(
                            "count = {n} makes more instances than the {room} evaluation steps left \
                             (EvalLimits::max_steps; each instance costs a step). Raise the limit with --max-steps \
                             or Inputs::max_steps."
                        ),
                        c.expr.span(),
                    )
                    .in_file_of(c.file.as_ref()),
                );
                return (vec![unknown_count()], true, false);
            }
            let list = (0..n)
                .map(|i| Instance {
                    count: Some(Value::object([("index", Value::from(i))])),
                    each: None,
                })
                .collect();
            (list, true, false)
        }
        (None, Some(f)) => {
            let v = expression(&f.expr, f.file.as_ref(), Some(ctx), names, Scope::default(), diags);
            let fail = |why: String, diags: &mut Diagnostics| {
                diags.push(
                    Diagnostic::error(
                        "Invalid for_each argument",
                        format!("The given \"for_each\" argument value is unsuitable: {why}"),
                        f.expr.span(),
                    )
                    .in_file_of(f.file.as_ref()),
                );
                (vec![unknown_each()], false, true)
            };
            if v.is_null() {
                return fail(
                    "the given \"for_each\" argument value is null. A map, or set of strings is allowed.".into(),
                    diags,
                );
            }
            // the type is checked even when the value is unknown
            let ty = v.ty();
            let bad = match &ty {
                Type::Map(_) | Type::Object(_) | Type::Dynamic => None,
                Type::Set(e) if **e == Type::String || **e == Type::Dynamic => None,
                Type::Set(e) => Some(format!(
                    "\"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.",
                    e.friendly_name()
                )),
                other => Some(format!(
                    "the \"for_each\" argument must be a map, or set of strings, and you have provided a value of \
                     type {}.",
                    other.friendly_name()
                )),
            };
            if let Some(why) = bad {
                return fail(why, diags);
            }
            if !v.is_known() {
                return (vec![unknown_each()], false, true);
            }
            let pairs: Vec<(Value, Value)> = match v.kind() {
                ValueRef::Map(entries) | ValueRef::Object(entries) => entries
                    .iter()
                    .map(|(k, item)| (Value::from(&**k), item.clone()))
                    .collect(),
                ValueRef::Set(items) => {
                    if items.iter().any(|i| !i.is_known()) {
                        return (vec![unknown_each()], false, true);
                    }
                    if items.iter().any(Value::is_null) {
                        return fail("\"for_each\" sets must not contain null values.".into(), diags);
                    }
                    items.iter().map(|i| (i.clone(), i.clone())).collect()
                }
                _ => return (vec![unknown_each()], false, true),
            };
            let list = pairs
                .into_iter()
                .map(|(k, value)| Instance {
                    count: None,
                    each: Some(Value::object([("key", k), ("value", value)])),
                })
                .collect();
            (list, false, true)
        }
        (None, None) => (
            vec![Instance {
                count: None,
                each: None,
            }],
            false,
            false,
        ),
    }
}

/// A context for one instance.
fn instance_context<'p>(ctx: &'p EvalContext<'p>, instance: &Instance) -> EvalContext<'p> {
    let mut c = ctx.child();
    if let Some(v) = &instance.count {
        c.set_variable("count", v.clone())
            .expect("a full context takes variables");
    }
    if let Some(v) = &instance.each {
        c.set_variable("each", v.clone())
            .expect("a full context takes variables");
    }
    c
}

/// Whether the budget is spent (then no more instances are evaluated,
/// after one diagnostic saying so). Each instance costs a step.
fn spent(world: &World<'_>, span: Span, file: Option<&Arc<str>>, diags: &mut Diagnostics) -> bool {
    world.budget.charge(1);
    if world.budget.remaining() > 0 {
        return false;
    }
    if !diags.iter().any(|d| d.summary() == "Evaluation step limit reached") {
        diags.push(
            Diagnostic::error(
                "Evaluation step limit reached",
                format!(
                    "Evaluating this module took more than {} steps (EvalLimits::max_steps). Raise the limit with \
                     --max-steps or Inputs::max_steps.",
                    world.budget.max_steps()
                ),
                span,
            )
            .in_file_of(file),
        );
    }
    true
}

/// The meta-arguments of resources and data sources, which are not
/// evaluated as arguments.
const RESOURCE_META: &[&str] = &["count", "for_each", "provider", "depends_on"];
/// Blocks of a resource that are not evaluated: lifecycle settings,
/// provisioners and connections (whose `self` is the resource itself).
const RESOURCE_META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection"];

/// A resource's or data source's body, once per instance (with none,
/// its references only checked).
fn resource(
    block: &AnyBlock<'_, '_>,
    e: &Expansion,
    ctx: &EvalContext<'_>,
    names: &Names,
    world: &World<'_>,
    diags: &mut Diagnostics,
) {
    if e.instances.is_empty() {
        return walk(&block.body, None, names, e.scope(), true, diags);
    }
    for instance in &e.instances {
        if spent(world, block.def_span, block.file.as_ref(), diags) {
            return;
        }
        let ictx = instance_context(ctx, instance);
        walk(&block.body, Some(&ictx), names, e.scope(), true, diags);
    }
}

/// Evaluates every argument of `body` and of the blocks in it, expanding
/// `dynamic` blocks; `top` leaves out a resource's meta-arguments.
fn walk(
    body: &AnyBody<'_, '_>,
    ctx: Option<&EvalContext<'_>>,
    names: &Names,
    scope: Scope<'_>,
    top: bool,
    diags: &mut Diagnostics,
) {
    crate::stack::with_stack(|| match body {
        AnyBody::Native(view) => {
            let file = view.name.clone();
            for item in view.syntax().items {
                match item {
                    crate::ast::BodyItem::Attribute(a) => {
                        if top && RESOURCE_META.contains(&a.name.name) {
                            continue;
                        }
                        expression(&AnyExpression::Native(&a.expr), file.as_ref(), ctx, names, scope, diags);
                    }
                    crate::ast::BodyItem::Block(b) | crate::ast::BodyItem::OneLineBlock(b) => {
                        let name = b.block_type.name;
                        if top && RESOURCE_META_BLOCKS.contains(&name) {
                            continue;
                        }
                        let mut inner = BodyView::new(&b.body);
                        if let Some(src) = view.source() {
                            inner = inner.with_source(src);
                        }
                        let mut inner = AnyBody::Native(inner);
                        if let Some(f) = &file {
                            inner = AnyBody::named(f, inner);
                        }
                        if name == "dynamic" {
                            dynamic(b, &inner, file.as_ref(), ctx, names, scope, diags);
                        } else {
                            walk(&inner, ctx, names, scope, false, diags);
                        }
                    }
                }
            }
        }
        AnyBody::Merged(parts) => {
            for p in parts.iter() {
                walk(&p.body, ctx, names, scope, top, diags);
            }
        }
        _ => {
            let (attrs, d) = body.just_attributes();
            diags.extend(d);
            for a in attrs {
                if top && (RESOURCE_META.contains(&a.name) || RESOURCE_META_BLOCKS.contains(&a.name))
                    || a.name == "dynamic"
                {
                    continue;
                }
                expression(&a.expr, a.file.as_ref(), ctx, names, scope, diags);
            }
        }
    })
}

/// A `dynamic` block: its `content` once per element of `for_each`
/// (once with unknown key and value when `for_each` is unknown).
fn dynamic(
    block: &crate::ast::Block<'_>,
    body: &AnyBody<'_, '_>,
    file: Option<&Arc<str>>,
    ctx: Option<&EvalContext<'_>>,
    names: &Names,
    scope: Scope<'_>,
    diags: &mut Diagnostics,
) {
    let (content, d) = body.content(&schema(
        &["for_each", "iterator", "labels"],
        &["for_each"],
        &[("content", &[])],
    ));
    diags.extend(d);
    let Some(for_each) = content.attributes.get("for_each") else {
        return;
    };
    let iterator = match content.attributes.get("iterator") {
        Some(a) => match a.expr.keyword() {
            Some(k) => k,
            None => {
                diags.push(
                    Diagnostic::error(
                        "Invalid dynamic iterator name",
                        "Dynamic iterator must be a single variable name.",
                        a.expr.span(),
                    )
                    .in_file_of(file),
                );
                return;
            }
        },
        None => block.labels.first().map(|l| l.value().to_string()).unwrap_or_default(),
    };
    let mut d = Diagnostics::new();
    let value = expression(&for_each.expr, file, ctx, names, scope, &mut d);
    let failed = d.has_errors();
    diags.extend(d);
    if failed {
        return;
    }
    let mut iterators = scope.iterators.to_vec();
    iterators.push(iterator.clone());
    let inner_scope = Scope {
        iterators: &iterators,
        ..scope
    };
    let content_of = |ictx: Option<&EvalContext<'_>>, diags: &mut Diagnostics| {
        if let Some(labels) = content.attributes.get("labels") {
            expression(&labels.expr, file, ictx, names, inner_scope, diags);
        }
        for c in &content.blocks {
            walk(&c.body, ictx, names, inner_scope, false, diags);
        }
    };
    let Some(ctx) = ctx.filter(|_| value.is_known()) else {
        // as the reference's dynblock makes one unknown block of an
        // unknown for_each, without evaluating its content
        return content_of(None, diags);
    };
    if let Some(e) = crate::dynblock::unsuitable_for_each(&value, for_each.expr.span()) {
        diags.push(e.in_file_of(file));
        return;
    }
    let pairs = crate::dynblock::elements(&value);
    if pairs.is_empty() {
        return content_of(None, diags);
    }
    for (key, value) in pairs {
        let mut ictx = ctx.child();
        ictx.set_variable(iterator.as_str(), Value::object([("key", key), ("value", value)]))
            .expect("a full context takes variables");
        content_of(Some(&ictx), diags);
    }
}

/// A module call: its arguments evaluated once per instance, and with a
/// local source the child module evaluated with them; the call's value
/// (its outputs, a tuple of them with `count`, an object with
/// `for_each`).
#[allow(clippy::too_many_arguments)]
fn call(
    module: &Module,
    block: &AnyBlock<'_, '_>,
    ctx: &EvalContext<'_>,
    names: &Names,
    world: &World<'_>,
    caller: &Caller,
    depth: usize,
    files: &Files,
    diags: &mut Diagnostics,
) -> Value {
    let name = label(block, 0);
    let file = block.file.as_ref();
    let (meta, rest, d) = block.body.partial_content(&schema(
        &["source", "version", "count", "for_each", "providers", "depends_on"],
        &["source"],
        &[],
    ));
    diags.extend(d);
    let (args, d) = rest.just_attributes();
    diags.extend(d);
    let source = meta.attributes.get("source").and_then(|a| {
        a.expr
            .evaluate(&EvalContext::literal_only())
            .value
            .as_str()
            .map(str::to_string)
    });
    let local = source
        .as_deref()
        .filter(|s| s.starts_with("./") || s.starts_with("../"));
    let child_module = match local {
        Some(src) if depth >= world.inputs.max_module_depth => {
            diags.push(
                Diagnostic::error(
                    "Module calls nest too deeply",
                    format!(
                        "This call is {} module calls deep, more than Inputs::max_module_depth ({}) allows; a module \
                         that calls itself never ends. Raise the limit with Inputs::max_module_depth.",
                        depth + 1,
                        world.inputs.max_module_depth
                    ),
                    block.def_span,
                )
                .in_file_of(file),
            );
            let _ = src;
            None
        }
        Some(src) => match Module::load(normalize(&module.dir.join(src))) {
            Ok(m) => Some(m),
            Err(e) => {
                diags.push(
                    Diagnostic::error(
                        "Unreadable module directory",
                        format!(
                            "The directory {} could not be read for module {}: {e}.",
                            normalize(&module.dir.join(src)).display(),
                            quoted(name)
                        ),
                        block.def_span,
                    )
                    .in_file_of(file),
                );
                None
            }
        },
        None => None,
    };
    // the child's variables, to check the arguments against
    let child_vars: Option<BTreeMap<String, bool>> = child_module.as_ref().map(|m| child_variables(m, world));
    if let Some(vars) = &child_vars {
        for a in &args {
            if !vars.contains_key(a.name) {
                diags.push(
                    Diagnostic::error(
                        "Unsupported argument",
                        format!("An argument named {} is not expected here.", quoted(a.name)),
                        a.name_span,
                    )
                    .in_file_of(a.file.as_ref()),
                );
            }
        }
        for (v, required) in vars {
            if *required && !args.iter().any(|a| a.name == v) {
                diags.push(
                    Diagnostic::error(
                        "Missing required argument",
                        format!("The argument {} is required, but no definition was found.", quoted(v)),
                        block.def_span,
                    )
                    .in_file_of(file),
                );
            }
        }
    }
    let e = expand(
        meta.attributes.get("count"),
        meta.attributes.get("for_each"),
        ctx,
        names,
        diags,
    );
    if e.instances.is_empty() {
        for a in &args {
            expression(&a.expr, a.file.as_ref(), None, names, e.scope(), diags);
        }
    }
    let parent_path = match caller {
        Caller::Root => (String::new(), ".".to_string()),
        Caller::Call { path, module_path, .. } => (format!("{path}."), module_path.clone()),
    };
    let mut values = Vec::with_capacity(e.instances.len());
    let mut reported = BTreeSet::new();
    for instance in &e.instances {
        if spent(world, block.def_span, file, diags) {
            break;
        }
        let ictx = instance_context(ctx, instance);
        let mut given = BTreeMap::new();
        for a in &args {
            let v = expression(&a.expr, a.file.as_ref(), Some(&ictx), names, e.scope(), diags);
            given.insert(a.name.to_string(), v);
        }
        let Some(child) = &child_module else {
            values.push(Value::dynamic());
            continue;
        };
        let src = local.unwrap_or(".");
        let caller = Caller::Call {
            path: format!("{}module.{name}", parent_path.0),
            module_path: normalize(&Path::new(&parent_path.1).join(src)).display().to_string(),
            values: given,
        };
        let result = run(child, world, caller, depth + 1);
        for d in result.all_diagnostics() {
            let key = format!("{:?}", d);
            if reported.insert(key) {
                if let Some(f) = d.file()
                    && files.source(f).is_none()
                    && let Some(src) = result.files.source(f)
                {
                    files.add(f, src.to_vec());
                }
                diags.push(d);
            }
        }
        values.push(Value::object(
            result.outputs.iter().map(|(k, e)| (k.as_str(), e.value.clone())),
        ));
    }
    e.shape(values)
}

/// A child module's variables, each with whether it is required (it has
/// no default).
fn child_variables(module: &Module, world: &World<'_>) -> BTreeMap<String, bool> {
    let files = Files::with_options(world.inputs.parse.clone());
    let scratch = Arena::new();
    let parsed: Vec<_> = module.sources.iter().map(|(n, s)| files.parse(n, s.clone())).collect();
    let bodies = parsed
        .iter()
        .zip(&module.sources)
        .map(|(p, (n, _))| NamedBody {
            name: n.as_str().into(),
            body: p.ast.body(),
        })
        .collect();
    let mut ignored = Diagnostics::new();
    let config = Config::read(&AnyBody::merge(bodies), &files, &mut ignored);
    config
        .variables
        .iter()
        .map(|b| {
            let v = Variable::read(b.clone(), &scratch, &mut ignored);
            (v.name.to_string(), v.default.is_none())
        })
        .collect()
}

/// `path` without `.` parts and with `..` taken back where it can be.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// A `validation` block of `var`: its condition, and when it is false its
/// error message, Terraform's way.
fn validate(
    var: &Variable<'_, '_>,
    rule: &AnyBlock<'_, '_>,
    source: Option<&Input>,
    ctx: &EvalContext<'_>,
    names: &Names,
    files: &Files,
    diags: &mut Diagnostics,
) {
    let (content, d) = rule.body.content(&schema(
        &["condition", "error_message"],
        &["condition", "error_message"],
        &[],
    ));
    diags.extend(d);
    let (Some(cond), Some(msg)) = (
        content.attributes.get("condition"),
        content.attributes.get("error_message"),
    ) else {
        return;
    };
    let mut d = Diagnostics::new();
    let ok = expression(
        &cond.expr,
        cond.file.as_ref(),
        Some(ctx),
        names,
        Scope::default(),
        &mut d,
    );
    let failed = d.has_errors();
    diags.extend(d);
    if failed || !ok.is_known() || ok.is_null() {
        return;
    }
    match crate::convert::convert(&ok, &Type::Bool).ok().and_then(|b| b.as_bool()) {
        Some(true) => {}
        Some(false) => {
            let mut d = Diagnostics::new();
            let message = expression(&msg.expr, msg.file.as_ref(), Some(ctx), names, Scope::default(), &mut d);
            diags.extend(d);
            let text = crate::convert::convert(&message, &Type::String)
                .ok()
                .and_then(|s| s.as_str().map(str::to_string))
                .unwrap_or_default();
            let rule_at = at(files, rule.file.as_ref(), rule.def_span);
            let (span, file) = match source {
                Some(s) if s.file.is_some() => (s.span, s.file.clone()),
                _ => (var.block.def_span, var.block.file.clone()),
            };
            diags.push(
                Diagnostic::error(
                    "Invalid value for variable",
                    format!("{text}\n\nThis was checked by the validation rule at {rule_at}."),
                    span,
                )
                .in_file_of(file.as_ref()),
            );
        }
        None => diags.push(
            Diagnostic::error(
                "Invalid variable validation result",
                "Invalid validation condition result value: a bool is required.",
                cond.expr.span(),
            )
            .in_file_of(cond.file.as_ref()),
        ),
    }
}
