#!/usr/bin/env python3
"""Asks the reference oracle which variables each golden expression refers to.

Every `grammar-tests/**/*.hclvars` file is an expression after one or two
header lines: `# spec: ...` (the spec ids it exercises) and, when
hcl-native knowingly answers differently, `# oracle: D-...` (the deviation
of docs/deviations.md). The rest of the file, byte for byte, is sent to
`hcl-oracle batch` as a `variables` request (`hclsyntax.ParseExpression`,
then `Expression.Variables()`), and the answer is written beside the input
as `<case>.hclvars.json`: a first line naming this script, then the
oracle's document, indented, keys sorted, numbers digit for digit:

    {"expr_kind", "parse_diagnostics": [...],
     "variables": [{"root", "source", "range", "steps": [...]}]}

tests/goldens/variables.rs compares hcl-native's `Expression::variables()` with
the recorded `variables` (and checks that both parse without errors); for
a case with a deviation it compares with `<case>.hclvars.ours.json`
instead, which `UPDATE_GOLDEN=1 cargo test --test goldens` writes, and
checks that the reference still answers differently.

Usage: scripts/oracle_variables.py [ORACLE]
       (default ../shared/tools/hcl-oracle/bin/hcl-oracle, or $HCL_ORACLE)
"""
import json
import os
import subprocess
import sys

# The script's own folder, for oracle_batch; no __pycache__ left in scripts/.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from oracle_batch import ORACLE, ROOT, RawNumber, loads  # noqa: E402

HEADER = "# regenerate: python3 scripts/oracle_variables.py (the reference's answer)\n"


def source_of(data):
    """The expression of a case: the bytes after its header lines."""
    lines = data.split(b"\n")
    skip = 1
    if len(lines) > 1 and lines[1].startswith(b"# oracle:"):
        skip = 2
    return b"\n".join(lines[skip:])


def pretty(v, indent=0):
    """Indented JSON with sorted keys; RawNumber written unquoted."""
    pad = "  " * (indent + 1)
    end = "  " * indent
    if isinstance(v, RawNumber):
        return str(v)
    if isinstance(v, list):
        if not v:
            return "[]"
        return "[\n" + ",\n".join(pad + pretty(x, indent + 1) for x in v) + "\n" + end + "]"
    if isinstance(v, dict) and set(v) <= {"start", "end", "byte", "column", "line"}:
        # a range or a position, on one line
        return "{" + ", ".join(json.dumps(k) + ": " + pretty(v[k], indent + 1) for k in sorted(v)) + "}"
    if isinstance(v, dict):
        if not v:
            return "{}"
        items = (pad + json.dumps(k, ensure_ascii=False) + ": " + pretty(v[k], indent + 1) for k in sorted(v))
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    return json.dumps(v, ensure_ascii=False)


def main():
    cases = []
    for folder, _, files in os.walk(os.path.join(ROOT, "grammar-tests")):
        cases += [os.path.join(folder, f) for f in files if f.endswith(".hclvars")]
    cases.sort()
    requests = []
    for i, path in enumerate(cases):
        with open(path, "rb") as f:
            src = source_of(f.read())
        requests.append(json.dumps({"id": str(i), "cmd": "variables", "src": src.decode("utf-8")}) + "\n")
    out = subprocess.run([ORACLE, "batch"], input="".join(requests), capture_output=True, text=True, check=True)
    # one answer a line: split at line feeds only (splitlines would also
    # split at U+2028 and the like inside JSON strings)
    answered = 0
    for line in out.stdout.split("\n"):
        if not line:
            continue
        doc = loads(line)
        path = cases[int(doc.pop("id"))]
        if "error" in doc or "panic" in doc:
            sys.exit("%s: the oracle answered %r" % (path, doc))
        with open(path + ".json", "w", encoding="utf-8") as f:
            f.write(HEADER + pretty(doc) + "\n")
        answered += 1
    print("%d cases, %d answers" % (len(cases), answered))


if __name__ == "__main__":
    main()
