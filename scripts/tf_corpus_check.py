#!/usr/bin/env python3
"""`hcl tf check` over the Terraform repositories of ../shared/corpus, every
error sorted into one of the causes `docs/terraform.md` explains, compared
with `tests/terraform_corpus_causes.tsv` (repository, cause, count): a
report of another cause, or another count, fails.

Causes (see docs/terraform.md):

- missing-file: a filesystem function found no file (the corpus holds HCL
  files only);
- missing-file-consequence: in fabric, what follows from a YAML file or
  folder the corpus does not hold (a null `lookup` key in
  `modules/project/shared-vpc.tf`, the bundle validation of
  `cloud-function-v2`);
- test-fixture-snippet: fabric's `tests/fixtures`, snippets pasted into
  other modules by its test harness;
- module-template: terraform-aws-security-group's `modules/_templates`
  (read as a module, and as the child of `wrappers/_templates`);
- alternative-files: eks-blueprints' `docs/v4-to-v5/example`, two versions
  of one file;
- undeclared-reference: a reference to something the module does not
  declare, which `terraform validate` reports too;
- other: anything else (expected: none).

Usage: scripts/tf_corpus_check.py [HCL_BINARY]   (default target/release/hcl)
       scripts/tf_corpus_check.py --print          the table it finds
"""
import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
EXPECTED = os.path.join(ROOT, "tests", "terraform_corpus_causes.tsv")
REPOS = [
    "terraform-aws-modules+terraform-aws-eks",
    "terraform-aws-modules+terraform-aws-iam",
    "terraform-aws-modules+terraform-aws-rds",
    "terraform-aws-modules+terraform-aws-security-group",
    "terraform-aws-modules+terraform-aws-vpc",
    "terraform-google-modules+terraform-google-kubernetes-engine",
    "GoogleCloudPlatform+cloud-foundation-fabric",
    "aws-ia+terraform-aws-eks-blueprints",
]


def cause(module, d):
    path, file, detail = module["path"], d.get("file") or "", d["detail"]
    if "no file exists at" in detail:
        return "missing-file"
    if ("shared-vpc.tf" in file and "must not be null" in detail) or "Bundle path" in detail:
        return "missing-file-consequence"
    if "/tests/fixtures" in path:
        return "test-fixture-snippet"
    if "/modules/_templates/" in file:
        return "module-template"
    if "/docs/v4-to-v5/" in path:
        return "alternative-files"
    if d["summary"].startswith("Reference to undeclared"):
        return "undeclared-reference"
    return "other"


def found(binary):
    counts = collections.Counter()
    for repo in REPOS:
        out = subprocess.run(
            [binary, "tf", "check", "--format", "json", os.path.join(CORPUS, repo)],
            capture_output=True,
            text=True,
            check=False,
        )
        if out.returncode not in (0, 1):
            sys.exit(f"hcl tf check {repo}: exit {out.returncode}: {out.stderr}")
        report = json.loads(out.stdout)
        counts[(repo, "modules")] += len(report["modules"])
        for m in report["modules"]:
            for d in m["diagnostics"]:
                counts[(repo, d["severity"] + ":" + cause(m, d))] += 1
    return counts


def main():
    args = sys.argv[1:]
    printing = "--print" in args
    args = [a for a in args if a != "--print"]
    binary = args[0] if args else os.path.join(ROOT, "target", "release", "hcl")
    if not os.path.isdir(CORPUS):
        sys.exit(f"no corpus at {CORPUS}")
    counts = found(binary)
    if printing:
        for (repo, what), n in sorted(counts.items()):
            print(f"{repo}\t{what}\t{n}")
        return
    expected = collections.Counter()
    for line in open(EXPECTED, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            repo, what, n = line.rstrip("\n").split("\t")
            expected[(repo, what)] = int(n)
    bad = [
        f"{repo}\t{what}\texpected {expected[(repo, what)]}, found {counts[(repo, what)]}"
        for repo, what in sorted(set(counts) | set(expected))
        if counts[(repo, what)] != expected[(repo, what)]
    ]
    for b in bad:
        print(b, file=sys.stderr)
    if bad:
        sys.exit(1)
    print(f"hcl tf check: {sum(n for (r, w), n in counts.items() if w != 'modules')} reports over "
          f"{sum(n for (r, w), n in counts.items() if w == 'modules')} modules, every one of an expected cause")


if __name__ == "__main__":
    main()
