#!/usr/bin/env python3
"""Compares `hcl fmt` with the reference's `hclfmt` (hclwrite.Format, built by
../shared/tools/hcl-oracle/build.sh) byte for byte, on every native-syntax file
under the given paths (default ../shared/corpus) or on single files.

    python3 scripts/differential_fmt.py [--quiet] [PATH...]

Prints each file whose output differs (with the first differing line) and a
summary; exits 1 when any differs. Files the reference's formatter fails on
(it cannot fail on input it could read) are reported too.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HCLFMT = os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hclfmt")
HCL = os.path.join(ROOT, "target", "release", "hcl")
# .hclfmt: the golden cases of grammar-tests/fmt
EXTS = (".hcl", ".tf", ".tfvars", ".pkr.hcl", ".nomad", ".hclfmt")

# hclfmt 2.14.1 predates namespaced function calls (v2.20.0): it spaces
# `provider::test::f` as `provider : : test : : f`; v2.20.0 keeps `::` tight
# (docs/deviations.md, D-fmt-namespaced-calls). Outputs equal after undoing
# that are the known difference.
NAMESPACE = re.compile(rb"(?<=[A-Za-z0-9_-]) : : (?=[A-Za-z_])")


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for d, dirs, names in os.walk(p):
                dirs.sort()
                for n in sorted(names):
                    if n.endswith(EXTS):
                        yield os.path.join(d, n)
        else:
            yield p


def first_difference(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return i + 1, x, y
    return min(len(la), len(lb)) + 1, b"", b""


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    quiet = "--quiet" in sys.argv
    if not os.path.exists(HCLFMT):
        print(f"no {HCLFMT}: run ../shared/tools/hcl-oracle/build.sh", file=sys.stderr)
        return 2
    subprocess.run(["cargo", "build", "--quiet", "--release", "--features", "cli", "--bin", "hcl"], cwd=ROOT, check=True)
    paths = args or [os.path.join(ROOT, "..", "shared", "corpus")]
    total = differ = known = 0
    for f in files(paths):
        total += 1
        ref = subprocess.run([HCLFMT, f], capture_output=True)
        ours = subprocess.run([HCL, "fmt", f], capture_output=True)
        if ref.stdout != ours.stdout and NAMESPACE.sub(b"::", ref.stdout) == ours.stdout:
            known += 1
            if not quiet:
                print(f"known (namespaced calls) {f}")
        elif ref.stdout != ours.stdout:
            differ += 1
            line, x, y = first_difference(ref.stdout, ours.stdout)
            print(f"DIFFERS {f}: line {line}\n  hclfmt:  {x!r}\n  hcl fmt: {y!r}")
    print(f"{total} files, {differ} differ from hclfmt, {known} only by v2.20's `::`", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
