#!/usr/bin/env python3
"""What `hcl check --unknown-variables` still reports over the corpus, by cause.

Runs target/release/hcl check --unknown-variables --format json over
../shared/corpus and sorts every error into one cause:

- application-function: a call of a function that only the application
  (Terraform, Packer, Nomad) defines (not
  in go-cty's standard library, which hcl-native has whole);
- terraform-semantics: a standard function called as only Terraform's own
  version allows (`length` of a string, `lookup` with two arguments);
- terraform-type-syntax: a type written as only Terraform reads it (a bare
  `list`/`map`/`set` keyword or a quoted type, legacy forms), or a
  Terraform-stacks type constructor;
- rejected-file: any error in a file the reference parser rejects too
  (`../shared/corpus/EXPECTED.tsv` says `reject`);
- invalid-type-fixture: a type that is wrong for every HCL reader (`int`,
  `notatype`), in test fixtures written to be wrong;
- other: anything else (the issue asks for none).

With `--terraform` (issue 26): only the `.tf` files, checked with
`--functions terraform --expand-dynamic --base-dir CORPUS` (Terraform's
functions, dynamic blocks expanded, files read under the corpus), and the
errors that come from a dynamic block counted as `dynamic-block` (its own
diagnostics: for_each, labels, iterator, content), those of a filesystem
function that found no file as `filesystem-path` (paths are resolved
against the one base directory, where Terraform takes each root module's
own).

Usage: scripts/corpus_check_causes.py [--terraform] [HCL_BINARY]
"""
import collections
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
ARGS = [a for a in sys.argv[1:] if a != "--terraform"]
TERRAFORM = "--terraform" in sys.argv[1:]
HCL = ARGS[0] if ARGS else os.path.join(ROOT, "target", "release", "hcl")


def verdicts():
    out = {}
    with open(os.path.join(CORPUS, "EXPECTED.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2:
                out[parts[0]] = parts[1]
    return out


def cause(path, d, verdict, src_line):
    s, detail = d["summary"], d["detail"]
    if verdict == "reject":
        return "rejected-file"
    if s == "Call to unknown function":
        return "application-function"
    if "dynamic" in s.lower() or "dynamic" in detail.lower():
        return "dynamic-block"
    if TERRAFORM and "no file exists at" in detail:
        return "filesystem-path"
    if s == "Error in function call" and 'function "length"' in detail:
        return "terraform-semantics"
    if s == "Not enough function arguments" and 'Function "lookup"' in detail:
        return "terraform-semantics"
    if s == "Invalid type specification":
        if re.search(r"=\s*(list|map|set)\s*$", src_line) or re.search(r'=\s*"', src_line):
            return "terraform-type-syntax"
        if "providerconfig" in detail:
            return "terraform-type-syntax"
        if re.search(r'The keyword "(int|notatype)"', detail):
            return "invalid-type-fixture"
    return "other"


def main():
    extra = ["--functions", "terraform", "--expand-dynamic", "--base-dir", CORPUS] if TERRAFORM else []
    run = subprocess.run(
        [HCL, "check", "--unknown-variables", "--format", "json", *extra, CORPUS], capture_output=True, text=True
    )
    doc = json.loads(run.stdout)
    verdict = verdicts()
    counts = collections.Counter()
    functions = collections.Counter()
    others = []
    checked = 0
    for f in doc["files"]:
        rel = os.path.relpath(f["path"], CORPUS)
        if TERRAFORM and not rel.endswith(".tf"):
            continue
        checked += 1
        lines = None
        for d in f["diagnostics"]:
            if d["severity"] != "error":
                continue
            if lines is None:
                with open(f["path"], encoding="utf-8", errors="replace") as src:
                    lines = src.read().split("\n")
            line = d["range"]["start"]["line"] if d.get("range") else 1
            c = cause(rel, d, verdict.get(rel), lines[line - 1] if line - 1 < len(lines) else "")
            counts[c] += 1
            if c == "application-function":
                m = re.search(r'named "([^"]+)"|namespace "([^"]+)"', d["detail"])
                functions[(m.group(1) or m.group(2)) if m else "?"] += 1
            if c == "other":
                others.append("%s:%d: %s: %s" % (rel, line, d["summary"], d["detail"]))
    print(run.stderr.strip())
    if TERRAFORM:
        print("of which .tf files: %d" % checked)
    for c, n in counts.most_common():
        print("%6d  %s" % (n, c))
    print("application functions (%d names): %s" % (
        len(functions), ", ".join("%s %d" % kv for kv in functions.most_common())))
    for o in others:
        print("other:", o)


if __name__ == "__main__":
    main()
