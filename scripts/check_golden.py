#!/usr/bin/env python3
"""Checks the grammar tests against the reference oracle.

For every input under grammar-tests/ (or the folders and files given), asks
the oracle (../shared/tools/hcl-oracle, `batch` mode) and compares with
hcl-native (`target/debug/hcl`):

* syntax cases (.hcl, .hclexpr, .hcltmpl):
  * verdict: a case under ok/ must parse without errors in the oracle too, a
    case under err/ must have an error there too;
  * .hcl cases: the body structure (names, labels, attribute/expression/block
    ranges) must be the same as `hcl parse --format json` gives;
  * err/ cases: the first error must be on the same line;
  * .hclexpr and .hcltmpl cases that parse without errors on both sides:
    the evaluation (`hcl expr`/`hcl template --format json`, the standard
    functions, no variables) must give the oracle's value, type, whether it
    is known, and diagnostics (severity, summary and byte range; the
    wording of details is each implementation's own);
* evaluation cases (eval/*.hcleval, and eval/*.hcl.json in the JSON syntax,
  with <case>.vars.json when there is one): every top-level attribute as
  `hcl eval --format json` gives it must have the oracle's value (numbers
  compared exactly, as decimals), type, knownness and diagnostics, as for
  expressions; the parse diagnostics too. Cases of Terraform's functions
  (`# functions: terraform`) are left out: the reference has none.

A case whose second line is `# oracle: D-<id> <why>` (in a JSON case, a
`"//": "oracle: D-..."` property) declares a deviation listed in
docs/deviations.md, or a place where the oracle (hcl 2.14.1, go-cty 1.12.1)
is older than the reference the project follows (the `O-` ids of that
file, such as the short-circuit logic of hashicorp/hcl#713): a
disagreement is then expected, and reported as such. A declared case that
agrees is reported as STALE (the note should go), except for deviations
that show only where this script does not look (UNSEEN).

    scripts/check_golden.py [PATH ...] [--hcl target/debug/hcl] [--verbose]

Exit status 1 when an undeclared disagreement was found, 3 when the oracle
is missing (it says so loudly).
"""
import argparse
import base64
import json
import os
import re
import subprocess
import sys
from decimal import Decimal, getcontext

getcontext().prec = 2000
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle")
SYNTAX = {".hcl": "parse", ".hclexpr": "expr", ".hcltmpl": "template"}
# Deviations that show in the tree's shape, in warnings or in columns only,
# which this script does not compare: a case declaring one is reported as
# unchecked, not as stale.
UNSEEN = {
    "D-heredoc-flush", "D-strip-lines", "D-attr-splat-binding", "D-full-splat-nesting",
    "D-lone-cr-in-comment", "D-columns",
}


def load(text):
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


def rng(r):
    return None if r is None else (r["start"]["byte"], r["end"]["byte"])


def line(r):
    return None if r is None else r["start"]["line"]


def norm_body(b):
    return {
        "attributes": [(a["name"], rng(a["range"]), rng(a["name_range"]), rng(a["expr_range"])) for a in b["attributes"]],
        "blocks": [(k["type"], tuple(k["labels"]), rng(k["range"]), norm_body(k["body"])) for k in b["blocks"]],
    }


def diag_key(d):
    return (d["severity"], d["summary"], rng(d.get("range")))


def value_of(result):
    # the oracle encodes infinities apart
    return result.get("value_plain", result.get("value"))


def compare_results(ours, ref):
    """The differences between two evaluation RESULTs, as texts."""
    out = []
    if value_of(ours) != value_of(ref):
        out.append(f"value {json.dumps(value_of(ours), default=str)} != {json.dumps(value_of(ref), default=str)}")
    if ours.get("type") != ref.get("type"):
        out.append(f"type {json.dumps(ours.get('type'), default=str)} != {json.dumps(ref.get('type'), default=str)}")
    if ours.get("known") != ref.get("known"):
        out.append(f"known {ours.get('known')} != {ref.get('known')}")
    od = [diag_key(d) for d in ours.get("diagnostics", [])]
    rd = [diag_key(d) for d in ref.get("diagnostics", [])]
    if od != rd:
        out.append(f"diagnostics {od} != {rd}")
    return out


DEVIATION_ID = re.compile(r"\b[DO]-[a-z0-9][a-z0-9-]*")


def declared(raw, is_json):
    """The deviation a case declares (`D-...` or `O-...`), or None: named
    by an `oracle:` note, or anywhere in the comment on its second line. A
    note that the case agrees (`# oracle: agrees ...`) declares nothing."""
    text = raw.decode("utf-8", "replace")
    if is_json:
        marker = '"oracle: '
        at = text.find(marker)
        note = text[at + len(marker):].split('"')[0].strip() if at >= 0 else ""
    else:
        lines = text.split("\n")
        second = lines[1] if len(lines) > 1 else ""
        note = second[1:].strip() if second.startswith("#") else ""
    if note.startswith("oracle: agrees"):
        return None
    m = DEVIATION_ID.search(note)
    return note[m.start():] if m else None


def cases(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for d, _, fs in os.walk(p):
            for f in sorted(fs):
                if os.path.splitext(f)[1] in SYNTAX or f.endswith(".hcleval") or (f.endswith(".hcl.json") and "/eval" in d):
                    yield os.path.join(d, f)


def run_hcl(hcl, args, stdin):
    out = subprocess.run([hcl] + args, input=stdin, capture_output=True, timeout=120)
    try:
        return load(out.stdout)
    except ValueError:
        return {"error": out.stderr.decode(errors="replace")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[os.path.join(ROOT, "grammar-tests")])
    ap.add_argument("--hcl", default=os.path.join(ROOT, "target", "debug", "hcl"))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if not os.access(ORACLE, os.X_OK):
        print(f"!!! check_golden: the oracle {ORACLE} is missing (run ../shared/tools/hcl-oracle/build.sh): the goldens were NOT checked", file=sys.stderr)
        sys.exit(3)
    files = sorted(cases(args.paths))
    reqs, meta = [], []
    for i, f in enumerate(files):
        raw = open(f, "rb").read()
        is_eval = f.endswith(".hcleval") or f.endswith(".hcl.json")
        is_json = f.endswith(".json")
        if is_eval and b"\n# functions: terraform\n" in raw:
            continue  # Terraform's functions: the reference has none
        deviation = declared(raw, is_json)
        if is_eval:
            stem = f[: -len(".hcleval")] if f.endswith(".hcleval") else f[: -len(".hcl.json")]
            vars_path = stem + ".vars.json"
            vars_json = open(vars_path, "rb").read() if os.path.exists(vars_path) else None
            req = {"id": str(i), "cmd": "eval", "src_base64": base64.b64encode(raw).decode(), "all_funcs": True}
            if is_json:
                req["json_syntax"] = True
            if vars_json is not None:
                req["vars"] = json.loads(vars_json)
            reqs.append(json.dumps(req))
            meta.append((f, "eval", raw, deviation, False, vars_path if vars_json is not None else None))
            continue
        ext = os.path.splitext(f)[1]
        src = raw
        if ext == ".hcltmpl":
            src = raw[raw.index(b"\n") + 1:] if b"\n" in raw else b""
        reqs.append(json.dumps({"id": str(i), "cmd": SYNTAX[ext], "src_base64": base64.b64encode(src).decode(), "all_funcs": True}))
        meta.append((f, ext, src, deviation, "/err/" in f.replace(os.sep, "/"), None))
    out = subprocess.run([ORACLE, "batch"], input=("\n".join(reqs) + "\n").encode(), capture_output=True, check=True)
    answers = {}
    for l in out.stdout.decode().splitlines():
        a = load(l)
        answers[str(a["id"])] = a
    bad = declared_count = agree = stale = 0
    for i, (f, kind, src, deviation, is_err, vars_path) in enumerate(meta):
        o = answers[str(reqs_id(reqs, i))]
        problems = []
        if kind == "eval":
            extra = ["--vars", vars_path] if vars_path else []
            mine = run_hcl(args.hcl, ["eval", f, "--format", "json"] + extra, None)
            if "error" in mine or "error" in o:
                problems.append(f"could not run: {mine.get('error') or o.get('error')}")
            else:
                for name in o.get("attribute_order", []):
                    a = mine.get("attributes", {}).get(name)
                    b = o.get("attributes", {}).get(name)
                    if a is None or b is None:
                        problems.append(f"{name}: missing on one side")
                        continue
                    problems += [f"{name}: {t}" for t in compare_results(a, b)]
                if [diag_key(d) for d in mine.get("parse_diagnostics", [])] != [diag_key(d) for d in o.get("parse_diagnostics", [])]:
                    problems.append("the parse diagnostics differ")
        else:
            ext = kind
            odiags = o.get("diagnostics", []) if ext == ".hcl" else o.get("parse_diagnostics", [])
            oerr = [d for d in odiags if d["severity"] == "error"]
            if is_err and not oerr:
                problems.append("the oracle reports no error")
            if not is_err and oerr:
                problems.append(f"the oracle reports {oerr[0]['summary']!r} at line {line(oerr[0]['range'])}")
            if ext == ".hcl":
                mine = run_hcl(args.hcl, ["parse", "-", "--format", "json"], src)
                merr = [d for d in mine.get("diagnostics", []) if d["severity"] == "error"]
                if not is_err and not oerr and norm_body(o["body"]) != norm_body(mine["body"]):
                    problems.append("the body structure (names or ranges) differs")
                if is_err and oerr and merr and line(oerr[0]["range"]) != line(merr[0]["range"]):
                    problems.append(f"first error on line {line(merr[0]['range'])}, the oracle's on line {line(oerr[0]['range'])}")
            else:
                cmd = "expr" if ext == ".hclexpr" else "template"
                mine = run_hcl(args.hcl, [cmd, "-", "--format", "json"], src)
                merr = [d for d in mine.get("parse_diagnostics", []) if d["severity"] == "error"]
                if "error" in mine:
                    problems.append(f"could not run: {mine['error']}")
                elif is_err and oerr and merr and line(oerr[0]["range"]) != line(merr[0]["range"]):
                    problems.append(f"first error on line {line(merr[0]['range'])}, the oracle's on line {line(oerr[0]['range'])}")
                elif not oerr and not merr:
                    problems += [f"value: {t}" for t in compare_results(mine, o)]
        rel = os.path.relpath(f, ROOT)
        if problems and deviation:
            declared_count += 1
            if args.verbose:
                print(f"DEVIATION {rel}: {'; '.join(problems[:3])}  [{deviation}]")
        elif problems:
            bad += 1
            print(f"DISAGREE  {rel}: {'; '.join(problems[:4])}")
        elif deviation and deviation.split()[0] in UNSEEN:
            declared_count += 1
            if args.verbose:
                print(f"UNCHECKED {rel}: declares {deviation}, which shows only in the tree's shape, warnings or columns")
        elif deviation:
            print(f"STALE     {rel}: declares a deviation ({deviation}) but agrees with the oracle")
            stale += 1
            agree += 1
        else:
            agree += 1
    print(f"{len(meta)} cases: {agree} agree with the oracle ({stale} of them declaring a stale deviation), "
          f"{declared_count} declared deviations, {bad} undeclared disagreements")
    sys.exit(1 if bad else 0)


def reqs_id(reqs, i):
    return json.loads(reqs[i])["id"]


if __name__ == "__main__":
    main()
