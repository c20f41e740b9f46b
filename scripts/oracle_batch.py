"""What the oracle scripts share: where the reference oracle is, a batch of
expressions evaluated by it, and JSON that keeps its numbers digit for digit.

Imported by scripts/oracle_conversions.py and scripts/oracle_stdlib.py; the
oracle is the first command-line argument of the script, by default
../shared/tools/hcl-oracle/bin/hcl-oracle beside the repository.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The oracle: $HCL_ORACLE, or an argument that names an executable file
# (the scripts' usage: SCRIPT [ORACLE]), or the one ../shared builds.
_ARG = sys.argv[1] if len(sys.argv) > 1 else ""
ORACLE = os.environ.get("HCL_ORACLE") or (
    _ARG
    if os.path.isfile(_ARG) and os.access(_ARG, os.X_OK)
    else os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle")
)


class RawNumber(str):
    """A JSON number kept as the text the oracle printed."""


def loads(text):
    return json.loads(text, parse_int=RawNumber, parse_float=RawNumber)


def dumps(v):
    """Compact JSON with sorted keys; RawNumber written unquoted."""
    if isinstance(v, RawNumber):
        return str(v)
    if v is None or isinstance(v, bool):
        return json.dumps(v)
    if isinstance(v, (int, float)):
        return json.dumps(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ",".join(dumps(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dumps(v[k]) for k in sorted(v)) + "}"
    raise TypeError("unexpected %r" % (v,))


def ask(sources, variables=None, all_funcs=False, cmd="expr"):
    """The oracle's answer to each expression of `sources` (a list without
    repeats), evaluated with `variables` when given (and with every
    function of `--all-funcs` when `all_funcs`): a dict from source to the
    oracle's JSON document, its numbers as RawNumber. `cmd` is the batch
    command (`expr`, or another that takes one source, like `typeexpr`)."""
    requests = []
    for i, src in enumerate(sources):
        request = {"id": str(i), "cmd": cmd, "src": src}
        if variables is not None:
            request["vars"] = variables
        if all_funcs:
            request["all_funcs"] = True
        requests.append(json.dumps(request) + "\n")
    out = subprocess.run([ORACLE, "batch"], input="".join(requests), capture_output=True, text=True, check=True)
    answers = {}
    # one answer a line: split at line feeds only (splitlines would also
    # split at U+2028, U+0085 and the like inside JSON strings)
    for line in out.stdout.split("\n"):
        if not line:
            continue
        doc = loads(line)
        answers[sources[int(doc["id"])]] = doc
    return answers
