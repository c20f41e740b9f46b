#!/usr/bin/env python3
"""Compares the golden answers of grammar-tests/dynblock/*.dyntest (what
hcl-native's dynblock gives, in <case>.dyntest.out) with the reference's
ext/dynblock (scripts/dynblock-oracle, built by `scripts/go-harness.sh dynblock-oracle`
from the Debian package's Go sources). Prints each case that differs and
exits 1 if any does; a case whose `# oracle:` line says "wording" may
differ in the wording of its diagnostics' details only (hcl-native's
conversion errors say "a string is required" where go-cty says "string
required", as everywhere in this project).

usage: scripts/differential_dynblock.py [CASE.dyntest...]
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def split(text):
    files, current = {}, None
    for line in text.splitlines(keepends=True):
        s = line.rstrip("\n")
        if s.startswith("-- ") and s.endswith(" --"):
            current = s[3:-3]
            files[current] = ""
        elif current is not None:
            files[current] += line
    return files


def main():
    oracle = subprocess.run([os.path.join(here, "scripts/go-harness.sh"), "dynblock-oracle"], check=True,
                            capture_output=True, text=True).stdout.strip()
    cases = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "grammar-tests/dynblock/*.dyntest")))
    differ = 0
    for case in cases:
        files = split(open(case).read())
        with tempfile.TemporaryDirectory() as d:
            for name, body in files.items():
                open(os.path.join(d, name), "w").write(body)
            main = "main.tf.json" if "main.tf.json" in files else "main.tf"
            args = [oracle, os.path.join(d, main), os.path.join(d, "schema.json")]
            if "vars.json" in files:
                args.append(os.path.join(d, "vars.json"))
            r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"{case}: the oracle failed: {r.stderr}")
            differ += 1
            continue
        theirs = json.loads(r.stdout)
        ours_text = open(case + ".out").read().split("\n", 1)[1]
        ours = json.loads(ours_text)
        if ours != theirs:
            oracle_line = open(case).read().split("\n")[1]
            def blank(doc):
                for d in doc["diagnostics"]:
                    d["detail"] = ""
                return doc
            if "wording" in oracle_line and blank(ours) == blank(theirs):
                print(f"{os.path.basename(case)}: differs only in wording, as its oracle line says")
                continue
            differ += 1
            print(f"== {os.path.basename(case)} differs")
            print("ours:  ", json.dumps(ours, sort_keys=True))
            print("theirs:", json.dumps(theirs, sort_keys=True))
    print(f"{len(cases)} cases, {differ} differ")
    sys.exit(1 if differ else 0)


main()
