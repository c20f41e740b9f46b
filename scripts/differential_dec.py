#!/usr/bin/env python3
"""Checks the `hcl dec` golden cases (grammar-tests/hcldec-*/*.hcldectest)
against the reference's own hcldec (../shared/tools/hcl-oracle/bin/hcldec,
built by ../shared/tools/hcl-oracle/build.sh).

Each case runs exactly as tests/goldens/dec_golden.rs runs it (each input alone, then
all inputs together; with `--diags=json --with-type --keep-nulls`, with
`--diags=json --var-refs`, and with no option), once with target/debug/hcl
(`cargo build --features cli` first) and once with hcldec, and compares:

- the exit codes;
- a printed value: the JSON documents, numbers compared exactly (the
  reference prints with the same full precision);
- `--var-refs`: the traversals, as a set (the reference's order follows Go's
  map order);
- diagnostics: severity, summary and range of each, as a multiset (the
  reference's order follows Go's map order); details are reported apart, as
  wording differences.

Prints one line per case, `agree`, `wording` (only details differ) or
`DIFFER` with what differs; exits 1 when a case marked `# oracle: agrees`
differs in more than wording.
"""
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HCL = ROOT / "target" / "debug" / "hcl"
HCLDEC = ROOT.parent / "shared" / "tools" / "hcl-oracle" / "bin" / "hcldec"


def split_case(text):
    comments, files = [], []
    for line in text.splitlines(keepends=True):
        t = line.rstrip()
        if t.startswith("-- ") and t.endswith(" --"):
            files.append([t[3:-3], ""])
        elif files:
            files[-1][1] += line
        else:
            comments.append(t)
    return comments, files


def load(text):
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


def diag_keys(stderr):
    try:
        d = load(stderr)
    except ValueError:
        return None, None
    keys, details = [], []
    for x in d.get("diagnostics", []):
        s = x.get("subject") or {}
        rng = (s.get("filename"), (s.get("start") or {}).get("byte"), (s.get("end") or {}).get("byte"))
        keys.append((x["severity"], x["summary"], rng))
        details.append((x["severity"], x["summary"], rng, x.get("detail", "")))
    return sorted(keys, key=repr), sorted(details, key=repr)


def refs_key(stdout):
    try:
        refs = load(stdout)
    except ValueError:
        return None
    return sorted((json.dumps(r, sort_keys=True, default=str) for r in refs))


def run(prog, args, cwd):
    p = subprocess.run([str(prog)] + args, cwd=cwd, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(path):
    comments, files = split_case(path.read_text())
    names = [n for n, _ in files]
    inputs = [n for n in names if n not in ("spec.hcldec", "vars.json")]
    runs = [[i] for i in inputs] + ([inputs] if len(inputs) > 1 else [])
    problems, wording = [], []
    with tempfile.TemporaryDirectory() as d:
        for n, body in files:
            Path(d, n).write_text(body)
        for r in runs:
            for flags in (["--diags=json", "--with-type", "--keep-nulls"], ["--diags=json", "--var-refs"], []):
                base = ["--spec=spec.hcldec"] + (["--vars=vars.json"] if "vars.json" in names else []) + flags + r
                ours = run(HCL, ["dec"] + base, d)
                theirs = run(HCLDEC, base, d)
                what = " ".join(flags + r)
                if ours[0] != theirs[0]:
                    problems.append(f"{what}: exit {ours[0]} vs hcldec {theirs[0]} ({theirs[2].strip()[:300]})")
                    continue
                if ours[0] == 0:
                    if "--var-refs" in flags:
                        if refs_key(ours[1]) != refs_key(theirs[1]):
                            problems.append(f"{what}: var-refs differ:\n  ours   {ours[1].strip()}\n  hcldec {theirs[1].strip()}")
                    elif load(ours[1]) != load(theirs[1]):
                        problems.append(f"{what}: value differs:\n  ours   {ours[1].strip()}\n  hcldec {theirs[1].strip()}")
                elif ours[0] == 2 and flags:
                    ok, od = diag_keys(ours[2])
                    tk, td = diag_keys(theirs[2])
                    if ok != tk:
                        problems.append(f"{what}: diagnostics differ:\n  ours   {ok}\n  hcldec {tk}")
                    elif od != td:
                        wording.append(f"{what}: details differ:\n  ours   {[x[3] for x in od]}\n  hcldec {[x[3] for x in td]}")
    return comments, problems, wording


def main():
    if not HCLDEC.exists():
        print(f"missing {HCLDEC}: run ../shared/tools/hcl-oracle/build.sh", file=sys.stderr)
        return 2
    cases = sorted((ROOT / "grammar-tests").glob("hcldec-*/*.hcldectest"))
    if len(sys.argv) > 1:
        cases = [Path(a).resolve() for a in sys.argv[1:]]
    bad = 0
    counts = {"agree": 0, "wording": 0, "DIFFER": 0}
    for c in cases:
        comments, problems, wording = check(c)
        rel = c.relative_to(ROOT / "grammar-tests")
        declared = comments[1] if len(comments) > 1 else ""
        verdict = "DIFFER" if problems else "wording" if wording else "agree"
        counts[verdict] += 1
        print(f"{verdict:8} {rel}  [{declared}]")
        for p in problems + wording:
            print("   ", p.replace("\n", "\n    "))
        if problems and "agrees" in declared:
            bad += 1
    print(f"{counts['agree']} agree, {counts['wording']} differ only in wording, {counts['DIFFER']} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
