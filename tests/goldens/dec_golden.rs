//! Golden tests of `hcl dec`: one test per
//! `grammar-tests/hcldec-<section>/<case>.hcldectest`.
//!
//! A case file holds several files in one, each after a `-- NAME --` line:
//! the spec (`spec.hcldec`), one or more inputs (`input.hcl` in the native
//! syntax, `input.json` in the JSON syntax, or other names; a name ending in
//! `.json` is the JSON syntax, as for the reference's `hcldec`) and
//! optionally variables (`vars.json`, passed as `--vars=vars.json`). The
//! lines before the first file are comments: the first names the spec ids
//! the case exercises (`# spec: hcldec#...`), the second says whether the
//! expected answers agree with the reference's `hcldec` (`# oracle:
//! agrees`, or the deviation, see docs/deviations.md); they are checked
//! with `scripts/differential_dec.py` before they are committed.
//!
//! The test writes the files to a fresh directory and runs the built `hcl`
//! there, for each input on its own and then for all inputs together (a
//! merged body), as the reference's spec suite runs it: `hcl dec
//! --spec=spec.hcldec --diags=json --with-type --keep-nulls INPUT...`, then
//! with `--var-refs` instead of the last two options, and once more with
//! no option (nulls dropped, no type). The expected results are in
//! `<case>.hcldectest.out`, after a first line naming how to regenerate it.

use libtest_mimic::Failed;
use std::path::Path;
use std::process::Command;

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["hcldectest"], run_case)
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (comments, files) = crate::common::split_case(&text);
    if !comments.first().is_some_and(|c| c.starts_with("# spec: hcldec#")) {
        return Err("the first line must name the spec ids (# spec: hcldec#...)".into());
    }
    if !comments.get(1).is_some_and(|c| c.starts_with("# oracle: ")) {
        return Err("the second line must say how the case compares with hcldec (# oracle: ...)".into());
    }
    let dir = tempdir(path)?;
    for (name, body) in &files {
        std::fs::write(dir.join(name), body).map_err(|e| e.to_string())?;
    }
    let inputs: Vec<&str> = files
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| *n != "spec.hcldec" && *n != "vars.json")
        .collect();
    let has_vars = files.iter().any(|(n, _)| n == "vars.json");
    let mut runs: Vec<Vec<&str>> = inputs.iter().map(|i| vec![*i]).collect();
    if inputs.len() > 1 {
        runs.push(inputs.clone());
    }
    let mut out = format!("{HEADER}\n");
    for run in &runs {
        for flags in [
            &["--diags=json", "--with-type", "--keep-nulls"][..],
            &["--diags=json", "--var-refs"][..],
            &[][..],
        ] {
            let mut args: Vec<&str> = vec!["dec", "--spec=spec.hcldec"];
            if has_vars {
                args.push("--vars=vars.json");
            }
            args.extend(flags);
            args.extend(run);
            let o = Command::new(env!("CARGO_BIN_EXE_hcl"))
                .args(&args)
                .current_dir(&dir)
                .output()
                .map_err(|e| e.to_string())?;
            out.push_str(&format!(
                "## hcl {}\nexit {}\n",
                args.join(" "),
                o.status.code().unwrap_or(-1)
            ));
            for (what, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
                if !bytes.is_empty() {
                    out.push_str(&format!("-- {what}\n{}", String::from_utf8_lossy(bytes)));
                    if !out.ends_with('\n') {
                        out.push('\n');
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let expected = path.with_extension("hcldectest.out");
    crate::common::compare_golden(&expected, &out, update)
}

/// A fresh directory for one case.
fn tempdir(path: &Path) -> Result<std::path::PathBuf, Failed> {
    let name: String = path
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let dir = std::env::temp_dir().join(format!("hcl-dec-golden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}
