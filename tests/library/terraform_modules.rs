//! Terraform modules through `hcl_native::terraform`: the example module
//! of `examples/terraform` (several files, tfvars, `optional()` defaults,
//! locals across files, a `count = 0` resource whose body would fail,
//! `for_each` over a set, a local child module, outputs) evaluated to
//! the values Terraform gives, the inputs' precedence, and the checks of
//! `tests/data/terraform/broken`, each in Terraform's words.

use std::path::{Path, PathBuf};

use hcl_native::terraform::{Evaluation, Inputs, Module};
use hcl_native::value::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn example() -> Module {
    Module::load(root().join("examples/terraform")).expect("the example module reads")
}

/// The value of `name` in `section` as HCL writes it.
fn shown(values: &std::collections::BTreeMap<String, hcl_native::eval::Evaluated>, name: &str) -> String {
    values
        .get(name)
        .unwrap_or_else(|| panic!("no value {name}"))
        .value
        .to_string()
}

/// Every diagnostic as `summary @ file:line`, in order.
fn reports(e: &Evaluation) -> Vec<String> {
    e.all_diagnostics()
        .iter()
        .map(|d| {
            let file = d.file().map(|f| f.to_string()).unwrap_or_default();
            let line = e.files.position(&file, d.subject().start).map_or(0, |p| p.line);
            let file = Path::new(&file)
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            format!("{} @ {file}:{line}", d.summary())
        })
        .collect()
}

#[test]
fn example_module_gives_terraforms_output_values() {
    let result = example().evaluate(&Inputs::new());
    assert!(!result.has_errors(), "{}", result.render());
    let o = &result.outputs;
    assert_eq!(shown(o, "prefix"), r#""shop-dev""#);
    assert_eq!(
        o["endpoints"].value,
        Value::object([
            ("api", Value::from("https://api.shop-dev.example.com:8080")),
            ("web", Value::from("https://web.shop-dev.example.com:443")),
            ("worker", Value::from("https://worker.shop-dev.example.com:9000")),
        ])
    );
    // terraform.tfvars sets api's replicas to 3; the others take
    // optional(number, 1)
    assert_eq!(o["replicas"].value, Value::from(5));
    assert_eq!(shown(o, "public_ports"), r#"["443", "8080"]"#);
    // the child module ./modules/naming, from the set of zones
    assert_eq!(shown(o, "instance_names"), r#"["shop-dev-1a", "shop-dev-1b"]"#);
    // count = 0: no instances, and the body (var.monitoring.email of a
    // null object) is not evaluated
    assert_eq!(o["alarm_count"].value, Value::from(0));

    let v = &result.variables;
    assert_eq!(shown(v, "name"), r#""shop""#);
    // `type = map` is Terraform's map(any)
    assert_eq!(v["tags"].value.ty().to_string(), "map(string)");
    let worker = v["services"].value.get("worker").cloned().expect("a worker service");
    assert_eq!(worker.get("replicas").cloned(), Some(Value::from(1)));
    assert_eq!(worker.get("public").cloned(), Some(Value::from(false)));
    // a local in locals.tf that names locals of main.tf
    assert_eq!(shown(&result.locals, "prefix"), r#""shop-dev""#);
}

#[test]
fn inputs_follow_terraforms_precedence() {
    let module = example();
    // -var-file after terraform.tfvars, -var after -var-file
    let prod = root().join("examples/terraform/prod.tfvars");
    let r = module.evaluate(&Inputs::new().var_file(&prod).var("environment", "staging"));
    assert!(!r.has_errors(), "{}", r.render());
    assert_eq!(shown(&r.outputs, "prefix"), r#""shop-stag""#);
    // the var file alone: "production" fails the validation rule
    let r = module.evaluate(&Inputs::new().var_file(&prod));
    assert_eq!(
        reports(&r),
        ["Invalid value for variable @ prod.tfvars:1"],
        "{}",
        r.render()
    );
    let detail = r.variables["environment"].diagnostics.as_slice()[0]
        .detail()
        .to_string();
    assert!(
        detail.starts_with(
            "The environment must be dev, staging or prod.\n\nThis was checked by the validation rule at "
        ),
        "{detail}"
    );
    // a list variable's -var text is an HCL expression
    let r = module.evaluate(&Inputs::new().var("zones", r#"["b", "a", "a"]"#));
    assert_eq!(shown(&r.outputs, "instance_names"), r#"["shop-dev-a", "shop-dev-b"]"#);
    // without the directory's own files, `name` has no value
    let r = module.evaluate(&Inputs::new().auto_var_files(false));
    assert_eq!(reports(&r), ["No value for required variable @ variables.tf:1"]);
}

#[test]
fn a_counted_body_is_evaluated_once_there_are_instances() {
    let module = example();
    let r = module.evaluate(&Inputs::new().var("monitoring", r#"{ email = "ops@example.com" }"#));
    assert!(!r.has_errors(), "{}", r.render());
    assert_eq!(r.outputs["alarm_count"].value, Value::from(1));
    assert_eq!(
        r.variables["monitoring"].value,
        Value::object([
            ("email", Value::from("ops@example.com")),
            ("threshold", Value::from(90))
        ])
    );
}

#[test]
fn checking_the_example_finds_nothing() {
    let r = example().check(&Inputs::new());
    assert!(r.all_diagnostics().is_empty(), "{}", r.render());
    // inputs are unknown, so what depends on them is too
    assert!(!r.outputs["prefix"].value.is_known());
}

#[test]
fn checking_reports_what_terraform_validate_reports() {
    let module = Module::load(root().join("tests/data/terraform/broken")).unwrap();
    let r = module.check(&Inputs::new());
    assert_eq!(
        reports(&r),
        [
            "Reference to undeclared input variable @ main.tf:2",
            "Cycle: local.a, local.b @ main.tf:3",
            "Invalid for_each argument @ main.tf:9",
            "Invalid combination of \"count\" and \"for_each\" @ main.tf:15",
            "Reference to \"count\" in non-counted context @ main.tf:19",
            "Reference to undeclared local value @ main.tf:23",
            "Too many function arguments @ main.tf:27",
            "Invalid default value for variable @ variables.tf:3",
            "Invalid quoted type constraints @ variables.tf:12",
            "Duplicate variable declaration @ variables.tf:15",
        ],
        "{}",
        r.render()
    );
}

#[test]
fn json_modules_read_types_out_of_strings() {
    let module = Module::load(root().join("tests/data/terraform/json")).unwrap();
    let r = module.evaluate(&Inputs::new().var("size", "21"));
    assert!(!r.has_errors(), "{}", r.render());
    assert_eq!(r.outputs["summary"].value, Value::from("a-42"));
    let r = module.evaluate(&Inputs::new().var("size", "x"));
    assert_eq!(
        reports(&r),
        ["Invalid value for input variable @ <value for var.size>:1"]
    );
}

#[test]
fn module_calls_are_checked_against_the_childs_variables() {
    let dir = std::env::temp_dir().join(format!("hcl-native-tf-calls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("child")).unwrap();
    std::fs::write(
        dir.join("child/main.tf"),
        "variable \"a\" {}\noutput \"twice\" { value = \"${var.a}${var.a}\" }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.tf"),
        "module \"c\" {\n  source = \"./child\"\n  b = 1\n}\nmodule \"d\" {\n  source = \"./child\"\n  a = \"x\"\n}\noutput \"d\" { value = module.d.twice }\n",
    )
    .unwrap();
    let r = Module::load(&dir).unwrap().evaluate(&Inputs::new());
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        reports(&r),
        [
            "Missing required argument @ main.tf:1",
            "Unsupported argument @ main.tf:3"
        ],
        "{}",
        r.render()
    );
    assert_eq!(r.outputs["d"].value, Value::from("xx"));
}

#[test]
fn a_module_that_calls_itself_stops_at_the_depth_limit() {
    let dir = std::env::temp_dir().join(format!("hcl-native-tf-self-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("main.tf"), "module \"again\" { source = \"./\" }\n").unwrap();
    let r = Module::load(&dir).unwrap().evaluate(&Inputs::new().max_module_depth(5));
    std::fs::remove_dir_all(&dir).unwrap();
    let summaries: Vec<String> = r.all_diagnostics().iter().map(|d| d.summary().to_string()).collect();
    assert_eq!(summaries, ["Module calls nest too deeply"], "{}", r.render());
}

#[test]
fn sensitive_variables_and_outputs_are_named() {
    let module = Module::from_sources(
        ".",
        [(
            "main.tf",
            "variable \"password\" {\n  type = string\n  sensitive = true\n  default = \"hunter2\"\n}\n\
             output \"token\" {\n  value = \"t-${var.password}\"\n  sensitive = true\n}\n\
             output \"plain\" { value = 1 }\n",
        )],
    );
    let r = module.evaluate(&Inputs::new());
    assert!(!r.has_errors(), "{}", r.render());
    let names: Vec<&str> = r.sensitive.iter().map(String::as_str).collect();
    assert_eq!(names, ["output.token", "var.password"]);
    // the value itself is there: this crate has no marks
    assert_eq!(r.outputs["token"].value, Value::from("t-hunter2"));
}

#[test]
fn a_misspelled_type_is_an_error_not_any_value() {
    let module = Module::from_sources(
        ".",
        [("main.tf", "variable \"xs\" {\n  type = lst(string)\n  default = 1\n}\n")],
    );
    let r = module.check(&Inputs::new());
    let summaries: Vec<String> = r.all_diagnostics().iter().map(|d| d.summary().to_string()).collect();
    assert_eq!(summaries, ["Invalid type specification"], "{}", r.render());
}

#[test]
fn a_huge_count_is_refused_before_its_instances_are_made() {
    let module = Module::from_sources(
        ".",
        [("main.tf", "resource \"null_resource\" \"many\" {\n  count = 1000000000000\n}\noutput \"n\" { value = length(null_resource.many) }\n")],
    );
    let r = module.evaluate(&Inputs::new().max_steps(10_000));
    assert_eq!(
        reports(&r),
        ["Evaluation step limit reached @ main.tf:2"],
        "{}",
        r.render()
    );
    assert!(!r.outputs["n"].value.is_known());
}

#[test]
fn checking_leaves_out_inputs_a_module_does_not_declare() {
    let module = Module::from_sources(
        ".",
        [(
            "main.tf",
            "variable \"a\" { type = string }\noutput \"a\" { value = var.a }\n",
        )],
    );
    let inputs = Inputs::new().var("a", "x").var("region", "eu");
    // one set of inputs for many modules: no complaint when checking
    let r = module.check(&inputs);
    assert!(r.all_diagnostics().is_empty(), "{}", r.render());
    assert_eq!(r.outputs["a"].value, Value::from("x"));
    // Terraform's error for -var of an undeclared variable otherwise
    let r = module.evaluate(&inputs);
    assert_eq!(reports(&r), ["Value for undeclared variable @ :0"], "{}", r.render());
}

#[test]
fn legacy_types_read_as_terraform_reads_them() {
    let src = "variable \"l\" {\n  type    = list\n  default = [\"a\"]\n}\n\
               variable \"m\" {\n  type    = map\n  default = { a = 1 }\n}\n\
               variable \"s\" {\n  type = set\n}\n\
               variable \"q\" {\n  type = \"list\"\n}\n";
    let r = Module::from_sources(".", [("main.tf", src)]).check(&Inputs::new());
    // bare `list` and `map` are Terraform's list(any) and map(any); a bare
    // `set` is not one of its legacy forms (configs.decodeVariableType
    // reads only those two), so the type checker's error stands
    let summaries: Vec<(String, u32)> = r
        .all_diagnostics()
        .iter()
        .map(|d| {
            (
                d.summary().to_string(),
                r.files.position("./main.tf", d.subject().start).map_or(0, |p| p.line),
            )
        })
        .collect();
    assert_eq!(
        summaries,
        [
            ("Invalid type specification".to_string(), 10),
            ("Invalid quoted type constraints".to_string(), 13)
        ],
        "{}",
        r.render()
    );
    // the defaults, converted to list(any) and map(any)
    let defaults = "variable \"l\" {\n  type    = list\n  default = [\"a\"]\n}\n\
                    variable \"m\" {\n  type    = map\n  default = { a = 1 }\n}\n";
    let r = Module::from_sources(".", [("main.tf", defaults)]).evaluate(&Inputs::new());
    assert!(!r.has_errors(), "{}", r.render());
    assert_eq!(r.variables["l"].value.ty().to_string(), "list(string)");
    assert_eq!(r.variables["m"].value.ty().to_string(), "map(number)");
}
