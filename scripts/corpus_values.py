#!/usr/bin/env python3
"""Every attribute expression of the corpus evaluated here and by the
reference oracle, with every free variable unknown: how many give a
different value, type, knownness or set of errors, and why.

For each `.tf` and `.hcl` file of ../shared/corpus (or the folders given)
that parses without errors, the expressions of all its attributes (in blocks
at any depth) become the top-level attributes of one synthetic file, and
the root of every variable they name is an unknown value of the dynamic
pseudo-type. That file is evaluated with `hcl eval --format json` and with
the oracle's `eval --all-funcs` (in batch), each attribute on its own, and
the answers compared: the value (numbers exactly), the type, `known`, and
the diagnostics' severities, summaries and ranges. Expressions whose
evaluation has an error on either side are counted apart (the two sets of
functions differ in Terraform's, which neither has). A difference that
`hcl eval --no-refinements` does not have is one that refinements decide
(O-refinements in docs/deviations.md: the oracle's go-cty 1.12 has none);
those are counted apart too, and the answer without refinements compared
instead.

    scripts/corpus_values.py [FOLDER ...] [--show N] [--hcl target/release/hcl]

A development aid (it takes some minutes), not part of CI.
"""
import argparse
import base64
import collections
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal, getcontext

getcontext().prec = 2000
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle")


def load(text):
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


def attributes(body, src, out):
    for a in body["attributes"]:
        r = a["expr_range"]
        out.append(src[int(r["start"]["byte"]):int(r["end"]["byte"])])
    for b in body["blocks"]:
        attributes(b["body"], src, out)


def batch(reqs):
    out = subprocess.run([ORACLE, "batch"], input=("\n".join(json.dumps(r) for r in reqs) + "\n").encode(),
                         capture_output=True, check=True)
    return {str(load(l)["id"]): load(l) for l in out.stdout.decode().splitlines()}


def value_of(result):
    return result.get("value_plain", result.get("value"))


def answer(result):
    """What is compared: the value, type, knownness and errors."""
    errors = [(d["summary"], json.dumps(d.get("range"), default=str)) for d in result.get("diagnostics", [])
              if d["severity"] == "error"]
    return (json.dumps(value_of(result), default=str), json.dumps(result.get("type")), result.get("known"), errors)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="*", default=[os.path.join(ROOT, "..", "shared", "corpus")])
    ap.add_argument("--hcl", default=os.path.join(ROOT, "target", "release", "hcl"))
    ap.add_argument("--show", type=int, default=20)
    args = ap.parse_args()
    files = []
    for folder in args.folders:
        for d, _, fs in os.walk(folder):
            files += [os.path.join(d, f) for f in sorted(fs) if f.endswith(".tf") or f.endswith(".hcl")]
    files.sort()
    # 1. parse every file with the oracle, keep those without errors
    parsed = batch([{"id": str(i), "cmd": "parse", "src_base64": base64.b64encode(open(f, "rb").read()).decode()}
                    for i, f in enumerate(files)])
    synth = []
    for i, f in enumerate(files):
        p = parsed[str(i)]
        if any(d["severity"] == "error" for d in p.get("diagnostics", [])):
            continue
        src = open(f, "rb").read()
        exprs = []
        attributes(p["body"], src, exprs)
        if exprs:
            synth.append((f, exprs))
    # 2. the roots of the variables each expression names
    reqs, where = [], []
    for fi, (f, exprs) in enumerate(synth):
        for ei, e in enumerate(exprs):
            reqs.append({"id": f"{fi}.{ei}", "cmd": "variables", "src_base64": base64.b64encode(e).decode()})
    roots_of = batch(reqs)
    totals = collections.Counter()
    kinds = collections.Counter()
    examples = []
    with tempfile.TemporaryDirectory() as tmp:
        eval_reqs = []
        docs = []
        for fi, (f, exprs) in enumerate(synth):
            roots = set()
            for ei in range(len(exprs)):
                for t in roots_of[f"{fi}.{ei}"].get("variables", []):
                    roots.add(t["root"] if isinstance(t, dict) and "root" in t else t["parts"][0]["name"] if "parts" in t else None)
            roots.discard(None)
            lines = [b"a%d = %s\n" % (ei, e) for ei, e in enumerate(exprs)]
            text = b"".join(lines)
            vars_ = {r: {"unknown": "dynamic"} for r in sorted(roots)}
            path = os.path.join(tmp, f"{fi}.hcl")
            vpath = os.path.join(tmp, f"{fi}.vars.json")
            open(path, "wb").write(text)
            open(vpath, "w").write(json.dumps(vars_))
            eval_reqs.append({"id": str(fi), "cmd": "eval", "src_base64": base64.b64encode(text).decode(),
                              "all_funcs": True, "vars": vars_})
            docs.append((f, exprs, path, vpath))
        answers = batch(eval_reqs)
        for fi, (f, exprs, path, vpath) in enumerate(docs):
            ref = answers[str(fi)]
            out = subprocess.run([args.hcl, "eval", path, "--format", "json", "--vars", vpath], capture_output=True)
            try:
                ours = load(out.stdout)
            except ValueError:
                totals["runs that failed"] += 1
                continue
            if [d for d in ref.get("parse_diagnostics", []) if d["severity"] == "error"]:
                totals["synthetic files the oracle could not parse"] += 1
                continue
            plain = None
            for name in ref.get("attribute_order", []):
                a, b = ours.get("attributes", {}).get(name), ref["attributes"].get(name)
                if a is None or b is None:
                    totals["missing"] += 1
                    continue
                totals["expressions"] += 1
                if answer(a) != answer(b):
                    # refinements decide it: compare the answer without them
                    if plain is None:
                        plain = load(subprocess.run([args.hcl, "eval", path, "--format", "json", "--vars", vpath,
                                                     "--no-refinements"], capture_output=True).stdout)
                    unrefined = plain.get("attributes", {}).get(name)
                    if unrefined is not None and answer(unrefined) != answer(a):
                        totals["decided by refinements (O-refinements)"] += 1
                        a = unrefined
                errs_a = [d for d in a.get("diagnostics", []) if d["severity"] == "error"]
                errs_b = [d for d in b.get("diagnostics", []) if d["severity"] == "error"]
                if errs_a or errs_b:
                    totals["with an error on either side"] += 1
                    if [(d["summary"]) for d in errs_a] != [(d["summary"]) for d in errs_b]:
                        totals["... and different errors"] += 1
                        kind = "errors: " + " | ".join(sorted({d['summary'] for d in errs_a})) + " vs " + " | ".join(sorted({d['summary'] for d in errs_b}))
                        kinds[kind] += 1
                        if len(examples) < args.show:
                            ei = int(name[1:])
                            examples.append((os.path.relpath(f, ROOT), exprs[ei].decode(errors="replace")[:200], kind, "", "", ""))
                    continue
                totals["both without error"] += 1
                diff = []
                if value_of(a) != value_of(b):
                    diff.append("value")
                if a.get("type") != b.get("type"):
                    diff.append("type")
                if a.get("known") != b.get("known"):
                    diff.append("known")
                if diff:
                    totals["... and a different value or type"] += 1
                    kinds["+".join(diff)] += 1
                    if len(examples) < args.show:
                        ei = int(name[1:])
                        examples.append((os.path.relpath(f, ROOT), exprs[ei].decode(errors="replace")[:200],
                                         json.dumps(value_of(a), default=str)[:150], json.dumps(a.get("type"), default=str)[:100],
                                         json.dumps(value_of(b), default=str)[:150], json.dumps(b.get("type"), default=str)[:100]))
    for k, v in totals.items():
        print(f"{k}: {v}")
    print("differences by kind:")
    for k, v in kinds.most_common(30):
        print(f"  {v:6d}  {k}")
    for e in examples:
        print(f"== {e[0]}\n   {e[1]}\n   ours {e[2]} : {e[3]}\n   ref  {e[4]} : {e[5]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
