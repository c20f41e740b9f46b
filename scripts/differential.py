#!/usr/bin/env python3
"""Differential runs: every case of a folder through `hcl` and the reference
oracle, compared document by document; prints the agreement rate.

Usage: scripts/differential.py [FOLDER ...] [--verbose]

A case is a `.hcleval` file (a configuration: every top-level attribute is
evaluated on its own, `hcl eval --format json`), or a `.hcl.json` file (the
same in the JSON syntax), with variables from `<case>.vars.json` when
present. A case whose text has a `# oracle: D-...`
line is expected to differ (docs/deviations.md) and is counted apart.

Compared per attribute: the value (numbers exactly, as decimals), the type,
`known`, and each diagnostic's severity, summary and range. Details are
compared too but reported separately (the wording of conversion errors
differs on purpose: see README). A development aid, not part of CI.
"""
import json
import os
import subprocess
import sys
from decimal import Decimal, getcontext

getcontext().prec = 2000
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.environ.get("HCL_ORACLE", os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle"))
HCL = os.environ.get("HCL_BIN", os.path.join(ROOT, "target", "debug", "hcl"))


def load(text):
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, timeout=60)
    # 1: the input has errors, which the document lists (docs/cli.md)
    if out.returncode not in (0, 1):
        return {"error": out.stderr.decode(errors="replace")}
    return load(out.stdout)


def value_of(result):
    # the oracle encodes infinities apart
    return result.get("value_plain", result.get("value"))


def diag_key(d):
    r = d.get("range") or {}
    return (d["severity"], d["summary"], (r.get("start") or {}).get("byte"), (r.get("end") or {}).get("byte"))


def compare(ours, ref):
    """Differences between two RESULTs: (kind, text) pairs."""
    out = []
    if value_of(ours) != value_of(ref):
        out.append(("value", f"value {json.dumps(value_of(ours), default=str)} != {json.dumps(value_of(ref), default=str)}"))
    if ours.get("type") != ref.get("type"):
        out.append(("type", f"type {ours.get('type')} != {ref.get('type')}"))
    if ours.get("known") != ref.get("known"):
        out.append(("known", f"known {ours.get('known')} != {ref.get('known')}"))
    od = [diag_key(d) for d in ours.get("diagnostics", [])]
    rd = [diag_key(d) for d in ref.get("diagnostics", [])]
    if od != rd:
        out.append(("diagnostics", f"diagnostics {od} != {rd}"))
    elif [d["detail"] for d in ours.get("diagnostics", [])] != [d["detail"] for d in ref.get("diagnostics", [])]:
        out.append(("detail", "details: " + " | ".join(
            f"{a['detail']!r} vs {b['detail']!r}" for a, b in zip(ours["diagnostics"], ref["diagnostics"]) if a["detail"] != b["detail"])))
    return out


def cases(folders):
    for folder in folders:
        for dirpath, _, files in os.walk(folder):
            for f in sorted(files):
                if f.endswith(".hcleval") or f.endswith(".hcl.json"):
                    yield os.path.join(dirpath, f)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in sys.argv
    folders = args or [os.path.join(ROOT, "grammar-tests")]
    total = agree = deviating = detail_only = 0
    problems = []
    for path in cases(folders):
        text = open(path, encoding="utf-8", errors="replace").read()
        if "\n# functions: terraform\n" in text:
            # Terraform's functions: the reference has none of them
            continue
        deviation = "# oracle:" in text or '"oracle: D-' in text
        stem = path[: -len(".hcleval")] if path.endswith(".hcleval") else path[: -len(".hcl.json")]
        vars_path = stem + ".vars.json"
        extra = ["--vars", vars_path] if os.path.exists(vars_path) else []
        ours = run([HCL, "eval", path, "--format", "json"] + extra)
        # the standard functions are the reference's --all-funcs set
        ref = run([ORACLE, "eval", path, "--all-funcs"] + extra)
        total += 1
        if "error" in ours or "error" in ref:
            problems.append((path, [("run", ours.get("error") or ref.get("error"))]))
            continue
        diffs = []
        for name in ref.get("attribute_order", []):
            a = ours.get("attributes", {}).get(name)
            b = ref.get("attributes", {}).get(name)
            if a is None or b is None:
                diffs.append(("missing", f"{name}: missing on one side"))
                continue
            diffs += [(k, f"{name}: {t}") for k, t in compare(a, b)]
        if [diag_key(d) for d in ours.get("parse_diagnostics", [])] != [diag_key(d) for d in ref.get("parse_diagnostics", [])]:
            diffs.append(("parse", "parse diagnostics differ"))
        if not diffs:
            agree += 1
        elif all(k == "detail" for k, _ in diffs):
            detail_only += 1
            if verbose:
                problems.append((path, diffs))
        elif deviation:
            deviating += 1
            if verbose:
                problems.append((path + " (declared deviation)", diffs))
        else:
            problems.append((path, diffs))
    for path, diffs in problems:
        print(f"== {os.path.relpath(path, ROOT)}")
        for _, t in diffs[:6]:
            print("   " + t)
    if total:
        print(f"\n{total} cases: {agree} agree ({100.0 * agree / total:.1f}%), {detail_only} differ only in detail wording, "
              f"{deviating} are declared deviations, {total - agree - detail_only - deviating} disagree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
