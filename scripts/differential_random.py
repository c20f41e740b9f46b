#!/usr/bin/env python3
"""Random expressions through `hcl eval` and the reference oracle: every
disagreement is either a documented deviation or a failure.

Usage: scripts/differential_random.py [--rounds N] [--seed S] [--show K]

Four generators write configurations of 100 attributes each, from fixed
seeds (so a run is repeatable): calls of every function the oracle knows
with random arguments (`calls`); operators, conditionals, `for`
expressions, splats, indexes and attribute accesses (`operators`);
templates with interpolations and directives beside `for` expressions
(`templates`); and `try` and `can` around the operators' expressions
(`lazy`). The leaves are literals, collections and variables known,
unknown (of the dynamic pseudo-type, of number, string, bool, a list, a
map, an object) and partly unknown (a tuple). Both tools evaluate each
file with the same variables (`--all-funcs` for the oracle, whose extra
functions hcl-native has as standard).

Compared per attribute: the type, `known`, the value when known, and each
diagnostic's severity, summary and start byte, in order (the wording of
details differs on purpose, see README). A difference is explained when one
rule below names it (each rule names its entry in docs/deviations.md, or
the oracle's panic, a bug of the reference); the rules are narrow, so
anything else is reported as UNEXPLAINED and the script exits 1.

Needs ../shared/tools/hcl-oracle/build.sh run once and `cargo build
--features cli` (or HCL_BIN naming another `hcl`); `.ci/run` runs it with
its default rounds, 16,000 expressions (a few seconds). Its first runs
found a dozen disagreements, fixed since (see the commits that added it
and followed it) or, where the reference has a bug, documented
(D-set-with-unknowns-to-list).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.environ.get("HCL_ORACLE", os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle"))
HCL = os.environ.get("HCL_BIN", os.path.join(ROOT, "target", "debug", "hcl"))

VARIABLES = {
    "u": {"unknown": "dynamic"},
    "n": {"unknown": "number"},
    "s": {"unknown": "string"},
    "b": {"unknown": "bool"},
    "l": {"unknown": ["list", "string"]},
    "m": {"unknown": ["map", "number"]},
    "o": {"unknown": ["object", {"a": "string", "b": "number"}]},
    "t": {"type": ["tuple", ["number", "string"]], "value": [1, {"__unknown__": "string"}]},
}


# ---------------------------------------------------------------- generators


class Generator:
    """What the generators share: the random source, leaves, and the
    tuples and objects of random parts."""

    LEAVES = []

    def __init__(self, rng, functions):
        self.rng = rng
        self.functions = [f for f in functions if f not in ("can", "try")]

    def leaf(self, depth, max_depth, chance):
        """A leaf, when `depth` is `max_depth` or by `chance`; else None."""
        if depth >= max_depth or self.rng.random() < chance:
            return self.rng.choice(self.LEAVES)
        return None

    def tuple(self, depth):
        return "[%s]" % ", ".join(self.value(depth) for _ in range(self.rng.randint(0, 3)))

    def object(self, depth):
        names = sorted(self.rng.sample(["a", "b", "c"], self.rng.randint(0, 3)))
        return "{%s}" % ", ".join("%s = %s" % (k, self.value(depth)) for k in names)

    def value(self, depth=0):
        raise NotImplementedError

    def expression(self):
        return self.value()


class Calls(Generator):
    """Calls of the oracle's functions with zero to three random arguments."""

    LEAVES = ["null", "1", "0", "-1", '"1"', '"a"', '"a,b"', "true", "false", "2.5", '"true"', "u", "n", "s",
              '"%s"', '"%d"', '" "', "3", '"x%sy"', '"^a"']
    UNKNOWN = {"u", "n", "s"}

    def value(self, depth=0, known=False):
        rng = self.rng
        if depth >= 2 or rng.random() < 0.45:
            return rng.choice([leaf for leaf in self.LEAVES if not (known and leaf in self.UNKNOWN)])
        kind = rng.choice(["tuple", "object", "list", "set", "map"])
        n = rng.randint(0, 3)
        # A set holds known elements only: one holding unknown ones converts
        # to a list of the wrong type in the reference, wherever a list is
        # wanted (D-set-with-unknowns-to-list).
        inner = known or kind == "set"
        parts = [self.value(depth + 1, inner) for _ in range(n)]
        if kind == "tuple":
            return "[%s]" % ", ".join(parts)
        if kind in ("list", "set"):
            return "to%s([%s])" % (kind, ", ".join(parts))
        names = sorted(rng.sample(["a", "b", "c"], n))
        pairs = ", ".join("%s = %s" % kv for kv in zip(names, parts))
        return "{%s}" % pairs if kind == "object" else "tomap({%s})" % pairs

    def expression(self):
        n = self.rng.choice([0, 1, 1, 2, 2, 2, 3, 3])
        return "%s(%s)" % (self.rng.choice(self.functions), ", ".join(self.value() for _ in range(n)))


class Operators(Generator):
    """Operators, conditionals, `for`, splats, indexes and attributes."""

    LEAVES = ["null", "1", "0", "-1", '"1"', '"a"', "true", "false", "2.5", '"true"', "u", "n", "s", "b", "l", "m",
              "o", "t", '"x"', "3"]

    def value(self, depth=0):
        rng, v = self.rng, self.value
        leaf = self.leaf(depth, 3, 0.3)
        if leaf is not None:
            return leaf
        kind = rng.choice(["tuple", "object", "op", "op", "cond", "for", "forobj", "splat", "index", "attr",
                           "template", "not", "neg", "parens", "call"])
        d = depth + 1
        if kind == "tuple":
            return self.tuple(d)
        if kind == "object":
            return self.object(d)
        if kind == "op":
            # (not `&&` and `||`: the oracle has no short circuit, whose
            # goldens are written by hand, O-short-circuit)
            ops = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">="]
            return "%s %s %s" % (v(d), rng.choice(ops), v(d))
        if kind == "cond":
            return "%s ? %s : %s" % (v(d), v(d), v(d))
        if kind == "for":
            return "[for %s in %s: %s%s]" % (rng.choice(["x", "k, x"]), v(d), rng.choice(["x", "k", "x.a", "1", v(d)]),
                                             rng.choice(["", "", " if " + v(d)]))
        if kind == "forobj":
            return "{for %s in %s: %s => %s%s}" % (rng.choice(["x", "k, x"]), v(d), rng.choice(["x", "k", '"a"']),
                                                  rng.choice(["x", "k", "1"]), rng.choice(["", "...", ""]))
        if kind == "splat":
            return "(%s)%s" % (v(d), rng.choice(["[*]", ".*", "[*].a", ".*.a", "[*][0]"]))
        if kind == "index":
            return "(%s)[%s]" % (v(d), v(d))
        if kind == "attr":
            return "(%s).%s" % (v(d), rng.choice(["a", "b", "c"]))
        if kind == "template":
            return '"x${%s}y"' % v(d)
        if kind == "not":
            return "!%s" % v(d)
        if kind == "neg":
            return "-%s" % v(d)
        if kind == "parens":
            return "(%s)" % v(d)
        funcs = ["length", "tolist", "tomap", "keys", "concat", "coalesce", "jsonencode", "tostring", "flatten"]
        return "%s(%s)" % (rng.choice(funcs), v(d))


class Templates(Generator):
    """Templates with interpolations and directives, and `for` expressions."""

    LEAVES = ["null", "1", "0", '"1"', '"a"', "true", "false", "2.5", "u", "n", "s", "b", "l", "m", "o", "t",
              "[1, 2]", '["a", "b"]', "{a = 1, b = 2}", '{a = "x"}', "[]", "{}"]

    def value(self, depth=0):
        rng, v = self.rng, self.value
        leaf = self.leaf(depth, 3, 0.3)
        if leaf is not None:
            return leaf
        d = depth + 1
        kind = rng.choice(["template", "if", "tfor", "for", "forif", "forobj", "group", "cond", "tuple", "object",
                           "index"])
        if kind == "template":
            return '"%s${%s}%s"' % (rng.choice(["", "a"]), v(d), rng.choice(["", "b"]))
        if kind == "if":
            return '"%%{if %s}%s%%{else}%s%%{endif}"' % (v(d), rng.choice(["x", "${%s}" % v(d)]), rng.choice(["y", ""]))
        if kind == "tfor":
            return '"%%{for %s in %s}${%s}%%{endfor}"' % (rng.choice(["x", "k, x"]), v(d),
                                                        rng.choice(["x", "k", "x.a", "1"]))
        if kind == "for":
            return "[for %s in %s: %s]" % (rng.choice(["x", "k, x"]), v(d), rng.choice(["x", "k", "x.a", "x[0]", v(d)]))
        if kind == "forif":
            return "[for %s in %s: %s if %s]" % (rng.choice(["x", "k, x"]), v(d), rng.choice(["x", "k"]),
                                                rng.choice(["x", "k", "x == 1", 'k != "a"', v(d)]))
        if kind == "forobj":
            return "{for %s in %s: %s => %s}" % (rng.choice(["x", "k, x"]), v(d),
                                                rng.choice(["x", "k", '"a"', "tostring(x)"]), rng.choice(["x", "k", "1"]))
        if kind == "group":
            return "{for %s in %s: %s => %s...}" % (rng.choice(["x", "k, x"]), v(d), rng.choice(["x", "k", '"a"']),
                                                   rng.choice(["x", "k", "1"]))
        if kind == "cond":
            return "%s ? %s : %s" % (v(d), v(d), v(d))
        if kind == "tuple":
            return self.tuple(d)
        if kind == "object":
            return self.object(d)
        return "(%s)[%s]" % (v(d), rng.choice(["0", "1", '"a"', "n", "s", "u", v(d)]))


class Lazy(Operators):
    """`try` and `can` (ext/tryfunc) around the operators' expressions."""

    def expression(self):
        kind = self.rng.choice(["try", "try", "can"])
        if kind == "can":
            return "can(%s)" % self.value(1)
        return "try(%s)" % ", ".join(self.value(1) for _ in range(self.rng.randint(1, 3)))


GENERATORS = {"calls": Calls, "operators": Operators, "templates": Templates, "lazy": Lazy}


# ---------------------------------------------------------------- comparing


def summary(result):
    """What is compared of one attribute's result."""
    known = result.get("known")
    return (
        json.dumps(result.get("type"), sort_keys=True),
        known,
        json.dumps(result.get("value"), sort_keys=True) if known else None,
        tuple((d["severity"], d["summary"], d["range"]["start"]["byte"]) for d in result.get("diagnostics", [])),
    )


def extra_diagnostics(ours, ref):
    """Our diagnostics beyond the reference's (as a multiset, compared as
    `summary` compares them, each with its detail)."""
    key = lambda d: (d["severity"], d["summary"], d["range"]["start"]["byte"])  # noqa: E731
    left = [key(d) for d in ref.get("diagnostics", [])]
    extra = []
    for d in ours.get("diagnostics", []):
        if key(d) in left:
            left.remove(key(d))
        else:
            extra.append(d)
    return extra


def extra_error(d):
    """The deviation that explains one diagnostic of ours the reference
    does not give, or None."""
    if d["summary"] in ("Incorrect condition type", "Invalid 'for' condition"):
        return "D-unknown-predicate-type"
    if d["summary"] == "Invalid index" and "does not have any indices" in d["detail"]:
        return "D-index-dynamic-key"
    if d["summary"] == "Invalid index" and "does not identify an element" in d["detail"]:
        return "D-index-unknown"
    return None


def explain(expr, ours, ref):
    """The deviation (or reference bug) that explains a difference, or None."""
    if any("panic" in d["detail"] for d in ref.get("diagnostics", [])) or ref.get("panic"):
        return "reference panic"
    # Errors of ours that a deviation explains. Each makes the value where
    # it arises unknown (dynamic, as often as not), so the value around it
    # may differ, and errors the reference reports further on may not arise
    # here (the value that was wrong there is unknown here): anything else
    # then goes with them.
    extra = extra_diagnostics(ours, ref)
    if extra:
        reasons = sorted({extra_error(d) or "?" for d in extra})
        if "?" not in reasons:
            return " and ".join(reasons)
    if "==" in expr or "!=" in expr:
        a, b = summary(ours), summary(ref)
        if a[0] == b[0] == '"bool"' and a[3] == b[3]:
            return "D-unknown-equality"
    if '""' in expr or "<<" in expr:
        a, b = summary(ours), summary(ref)
        if a[:3] == b[:3] and [d[:2] for d in a[3]] == [d[:2] for d in b[3]]:
            return "D-empty-template-start"
    a, b = summary(ours), summary(ref)
    if b[2] is not None and a[:2] == b[:2] and a[3] == b[3] and b[2].replace("-0", "0") == a[2]:
        return "D-negative-zero"
    if any("required, but received" in d["detail"] for d in ref.get("diagnostics", [])):
        # a value that fails its parameter's type after converting to it
        return "D-set-with-unknowns-to-list"
    if expr.startswith("lookup(") and expr.endswith(", null)"):
        return "D-lookup-null-default"
    return None


# ---------------------------------------------------------------- running


def evaluate(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if out.returncode not in (0, 1):
        sys.exit("%s failed (%d): %s" % (cmd[0], out.returncode, out.stderr[:2000]))
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=40, help="files of 100 attributes per generator (default 40)")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--show", type=int, default=10, help="unexplained differences to print (default 10)")
    args = ap.parse_args()
    for tool in (ORACLE, HCL):
        if not os.access(tool, os.X_OK):
            sys.exit("%s is missing (see this script's docstring)" % tool)
    functions = json.loads(subprocess.run([ORACLE, "funcs", "--all-funcs"], capture_output=True, text=True).stdout)
    counts = {}
    unexplained = 0
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        config, variables = os.path.join(tmp, "random.hcl"), os.path.join(tmp, "vars.json")
        with open(variables, "w") as f:
            json.dump(VARIABLES, f)
        for name, make in GENERATORS.items():
            gen = make(random.Random("%s/%d" % (name, args.seed)), functions)
            for _ in range(args.rounds):
                exprs = [gen.expression() for _ in range(100)]
                with open(config, "w") as f:
                    f.write("".join("e%d = %s\n" % (i, e) for i, e in enumerate(exprs)))
                ref = evaluate([ORACLE, "eval", config, "--vars", variables, "--all-funcs"])
                ours = evaluate([HCL, "eval", config, "--vars", variables, "--format", "json"])
                if ref.get("parse_diagnostics"):
                    sys.exit("the oracle could not parse a generated file: %s" % ref["parse_diagnostics"][:1])
                for i, expr in enumerate(exprs):
                    total += 1
                    a, b = ours["attributes"]["e%d" % i], ref["attributes"]["e%d" % i]
                    if summary(a) == summary(b):
                        continue
                    why = explain(expr, a, b)
                    if why is None:
                        unexplained += 1
                        if unexplained <= args.show:
                            print("UNEXPLAINED  %s = %s" % (name, expr))
                            print("  reference %s" % (summary(b),))
                            print("  hcl       %s" % (summary(a),))
                    else:
                        counts[why] = counts.get(why, 0) + 1
    explained = ", ".join("%d %s" % (n, why) for why, n in sorted(counts.items()))
    print("%d expressions: %d agree, %d differ as documented (%s), %d unexplained"
          % (total, total - sum(counts.values()) - unexplained, sum(counts.values()), explained or "none", unexplained))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
