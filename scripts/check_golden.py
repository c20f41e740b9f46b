#!/usr/bin/env python3
"""Checks the grammar tests against the reference oracle.

For every input under grammar-tests/ (or the folders given), asks the oracle
(../shared/tools/hcl-oracle, `batch` mode) and compares with hcl-native:

* verdict: a case under ok/ must parse without errors in the oracle too, a
  case under err/ must have an error there too;
* .hcl cases: the body structure (names, labels, attribute/expression/block
  ranges) must be the same as `hcl parse --format json` gives;
* err/ cases: the first error must be on the same line.

A case whose second line is `# oracle: D-<id> <why>` declares a deviation
listed in docs/deviations.md: a disagreement is then expected, and reported
as such (an agreement is reported too, since the note is then stale).

    scripts/check_golden.py [PATH ...] [--hcl target/debug/hcl]

Exit status 1 when an undeclared disagreement was found.
"""
import argparse, base64, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle")
KINDS = {".hcl": "parse", ".hclexpr": "expr", ".hcltmpl": "template"}
# Deviations that show in values, in the tree's shape, in warnings or in
# columns only, which this script does not compare (until the evaluator can
# be compared with the oracle; it compares lines, not columns): a case
# declaring one is reported as unchecked, not as stale.
UNSEEN = {
    "D-heredoc-flush", "D-strip-lines", "D-attr-splat-binding", "D-ambiguous-key", "D-full-splat-nesting",
    "D-lone-cr-in-comment", "D-columns",
}


def rng(r):
    return None if r is None else (r["start"]["byte"], r["end"]["byte"])


def line(r):
    return None if r is None else r["start"]["line"]


def norm_body(b):
    return {
        "attributes": [(a["name"], rng(a["range"]), rng(a["name_range"]), rng(a["expr_range"])) for a in b["attributes"]],
        "blocks": [(k["type"], tuple(k["labels"]), rng(k["range"]), norm_body(k["body"])) for k in b["blocks"]],
    }


def cases(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for d, _, fs in os.walk(p):
            for f in sorted(fs):
                if os.path.splitext(f)[1] in KINDS:
                    yield os.path.join(d, f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[os.path.join(ROOT, "grammar-tests")])
    ap.add_argument("--hcl", default=os.path.join(ROOT, "target", "debug", "hcl"))
    args = ap.parse_args()
    files = sorted(cases(args.paths))
    reqs, meta = [], []
    for i, f in enumerate(files):
        raw = open(f, "rb").read()
        ext = os.path.splitext(f)[1]
        lines = raw.split(b"\n")
        second = lines[1].decode("utf-8", "replace") if len(lines) > 1 else ""
        deviation = second[len("# oracle:"):].strip() if second.startswith("# oracle:") else None
        src = raw
        if ext == ".hcltmpl":
            src = raw[raw.index(b"\n") + 1:] if b"\n" in raw else b""
        reqs.append(json.dumps({"id": str(i), "cmd": KINDS[ext], "src_base64": base64.b64encode(src).decode()}))
        meta.append((f, ext, src, deviation, "/err/" in f.replace(os.sep, "/")))
    out = subprocess.run([ORACLE, "batch"], input=("\n".join(reqs) + "\n").encode(), capture_output=True, check=True)
    answers = {int(json.loads(l)["id"]): json.loads(l) for l in out.stdout.decode().splitlines()}
    bad = declared = agree = 0
    for i, (f, ext, src, deviation, is_err) in enumerate(meta):
        o = answers[i]
        odiags = o.get("diagnostics", []) if ext == ".hcl" else o.get("parse_diagnostics", [])
        oerr = [d for d in odiags if d["severity"] == "error"]
        problems = []
        if is_err and not oerr:
            problems.append("the oracle reports no error")
        if not is_err and oerr:
            problems.append(f"the oracle reports {oerr[0]['summary']!r} at line {line(oerr[0]['range'])}")
        if ext == ".hcl":
            mine = json.loads(subprocess.run([args.hcl, "parse", "-", "--format", "json"], input=src, capture_output=True).stdout)
            merr = [d for d in mine["diagnostics"] if d["severity"] == "error"]
            if not is_err and not oerr and norm_body(o["body"]) != norm_body(mine["body"]):
                problems.append("the body structure (names or ranges) differs")
            if is_err and oerr and merr and line(oerr[0]["range"]) != line(merr[0]["range"]):
                problems.append(f"first error on line {line(merr[0]['range'])}, the oracle's on line {line(oerr[0]['range'])}")
        rel = os.path.relpath(f, ROOT)
        if problems and deviation:
            declared += 1
            print(f"DEVIATION {rel}: {'; '.join(problems)}  [{deviation}]")
        elif problems:
            bad += 1
            print(f"DISAGREE  {rel}: {'; '.join(problems)}")
        elif deviation and deviation.split()[0] in UNSEEN:
            declared += 1
            print(f"UNCHECKED {rel}: declares {deviation}, which shows in values, tree shape, warnings or columns only")
        elif deviation:
            print(f"STALE     {rel}: declares a deviation ({deviation}) but agrees with the oracle")
            agree += 1
        else:
            agree += 1
    print(f"{len(files)} cases: {agree} agree with the oracle, {declared} declared deviations, {bad} undeclared disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
