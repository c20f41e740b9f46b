#!/usr/bin/env python3
"""Checks the layers of docs/architecture.md: every `crate::MODULE` that a
file of a top-level module of src/ names (test modules and comments left
out, as ../shared/tools/module-cycles.py reads them) must be of the same
layer or a lower one, and every top-level module must be in the table.

    scripts/layers.py

Exit status 1 when a module uses one above it or is missing from the table.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")


def layers():
    """Layer number by module name, from the table of docs/architecture.md."""
    out = {}
    for line in open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8"):
        m = re.match(r"\|\s*(\d+)\s[^|]*\|([^|]*)\|", line)
        if m:
            for name in re.findall(r"`([a-z_]+)`", m.group(2)):
                out[name] = int(m.group(1))
    return out


def uses():
    """Top-level module -> the top-level modules its files name."""
    edges = {}
    for d, _, fs in os.walk(SRC):
        rel = os.path.relpath(d, SRC)
        if rel.split(os.sep)[0] == "bin":
            continue
        for f in fs:
            if not f.endswith(".rs"):
                continue
            mod = rel.split(os.sep)[0] if rel != "." else f[:-3]
            if mod in ("lib", "main"):
                continue
            text = open(os.path.join(d, f), encoding="utf-8").read()
            text = re.split(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)[0]
            text = re.sub(r"//[^\n]*", "", text)
            names = set(re.findall(r"crate::(\w+)", text))
            for grp in re.findall(r"crate::\{([^}]*)\}", text):
                names |= set(re.findall(r"(?:^|,)\s*(\w+)", grp))
            edges.setdefault(mod, set())
            for n in names:
                if n != mod and (os.path.exists(os.path.join(SRC, n + ".rs")) or os.path.isdir(os.path.join(SRC, n))):
                    edges[mod].add(n)
    return edges


def main():
    layer = layers()
    bad = 0
    for mod, used in sorted(uses().items()):
        if mod not in layer:
            print(f"{mod}: not in the table of docs/architecture.md")
            bad += 1
            continue
        for u in sorted(used):
            if u not in layer:
                continue  # reported as its own module
            if layer[u] > layer[mod]:
                print(f"{mod} (layer {layer[mod]}) uses {u} (layer {layer[u]})")
                bad += 1
    print(f"layers: {len(layer)} modules in the table, {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
