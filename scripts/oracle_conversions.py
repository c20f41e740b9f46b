#!/usr/bin/env python3
"""Asks the reference oracle how it converts values with tostring, tonumber,
tobool, tolist, toset and tomap.

Each case is a pair (INNER, FUNC): INNER is an HCL expression producing the
input value, FUNC one of the six conversion functions (go-cty's
`stdlib.MakeToFunc`: string, number, bool, list(dynamic), set(dynamic),
map(dynamic)). For every case the oracle evaluates INNER (the input value and
its type) and FUNC(INNER) (the reference's result, or its error). Cases whose
INNER itself fails are skipped.

Writes tests/data/conversions.jsonl, one compact JSON object per line, keys
sorted:

    {"case": "FUNC(INNER)", "input": VALUE, "input_type": TYPE,
     "oracle": {"type": TYPE, "value": VALUE} | {"error": "summary: detail"},
     "target": "string" | "number" | "bool" | ["list","dynamic"] | ...}

Values and types are cty's JSON notation as the oracle prints it; numbers
are copied digit for digit (never through a float). tests/model/conversions_oracle.rs
reads the file, converts each input with hcl_native::convert::convert and
compares. Where this implementation deliberately deviates
(docs/deviations.md), `UPDATE_GOLDEN=1 cargo test --test model`
adds "ours" (our answer) and "deviation" (the id) to the line; regenerating
the file with this script drops them again, so run the test with
UPDATE_GOLDEN=1 afterwards.

Cases are generated systematically (every primitive with every function,
tuples and objects of pairs from a pool of element values, the collection
wrappers of those), plus hand-picked edge cases and a seeded random sample of
nested values, so the output is deterministic.

Usage: scripts/oracle_conversions.py [ORACLE]
       (default ../shared/tools/hcl-oracle/bin/hcl-oracle)
"""
import json
import os
import random
import sys

# The script's own folder, for oracle_batch (Python puts it first on the
# path already when the script is run directly, though not under -P); no
# __pycache__ left in scripts/.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from oracle_batch import ROOT, ask, dumps  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "conversions.jsonl")

TARGETS = {
    "tostring": "string",
    "tonumber": "number",
    "tobool": "bool",
    "tolist": ["list", "dynamic"],
    "toset": ["set", "dynamic"],
    "tomap": ["map", "dynamic"],
}
FUNCS = list(TARGETS)

rng = random.Random(20261123)


# ---------------------------------------------------------------- primitives

STRINGS = [
    '"1"', '"0"', '"-1"', '"true"', '"false"', '"TRUE"', '"True"', '"T"', '"yes"', '"no"', '"on"', '""', '"abc"',
    '"1e3"', '"1E3"', '"1e-3"', '"1.5e300"', '"-12.50"', '"-00.50"', '"00012"', '"01"', '"+1"', '".5"', '"-.5"',
    '"1."', '"-"', '"."', '"1.0"', '"0.1"', '"-0"', '"Inf"', '"-Inf"', '"+Inf"', '"NaN"', '" 1"', '"1 "',
    '"\\t1"', '"0x10"', '"1_000"', '"1,5"', '"\u0661"', '"e\\u0301"', '"\u00e9"', '"e\u0301"', '"\u00c5ngstr\u00f6m"',
    '"12345678901234567890123456789012345678901234567890"',
    '"0.000000000000000000000000000001"',
    '"3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808'
    '651328230664709384460955058223172535940812848111745028410270193852110555964462294895493038196"',
    '"' + "9" * 210 + '"',
    '"0.' + "1" * 180 + '"',
]
NUMBERS = [
    "0", "1", "-1", "100", "1.5", "2.50", "-0.25", "1/3", "2/3", "-1/7", "1e20", "1e-7", "1e100", "1e-300",
    "-0.0", "-(0)", "0.1 + 0.2", "7 % 3", "1/0", "-1/0", "123456789012345678901234567890", "9007199254740993",
    "1.5e300 * 1.5e300", "0.1 * 3", "1e-20 / 3",
]
BOOLS = ["true", "false"]
# Typed nulls (the bare null keyword is of the dynamic pseudo-type, see below).
NULLS = [
    'tolist(["a", null])[1]', "tolist([1, null])[1]", "tolist([true, null])[1]", "false ? [1] : null",
    "false ? {a = 1} : null", "false ? tolist([1]) : null", "false ? toset([1]) : null",
    "false ? tomap({a = 1}) : null",
]
PRIMITIVES = STRINGS + NUMBERS + BOOLS + NULLS

cases = []


def add(inner, funcs=FUNCS):
    for f in funcs:
        cases.append((inner, f))


for p in PRIMITIVES:
    add(p, ["tostring", "tonumber", "tobool"])
for p in ['"1"', "1", "true", "1/0"] + NULLS:
    add(p, ["tolist", "toset", "tomap"])

# ---------------------------------------------------------------- collections

ELEMS = [
    "1", '"a"', "true", "null", '"1"', "1.5", '"true"', "[1]", '["a", 2]', "{a = 1}", '{b = "x"}',
    "tolist([1])", "toset([2])", 'tomap({a = "x"})', "[]", "{}",
]

add("[]")
add("{}")
for x in ELEMS:
    add("[%s]" % x, ["tolist", "toset", "tomap", "tostring"])
    add("{a = %s}" % x, ["tolist", "toset", "tomap", "tostring"])
for i, x in enumerate(ELEMS):
    for y in ELEMS[i:]:
        add("[%s, %s]" % (x, y), ["tolist", "toset"])
        add("{a = %s, b = %s}" % (x, y), ["tomap"])
        if rng.random() < 0.25:
            add("[%s, %s]" % (x, y), [rng.choice(["tomap", "tostring", "tonumber", "tobool"])])
        if rng.random() < 0.25:
            add("{a = %s, b = %s}" % (x, y), [rng.choice(["tolist", "toset", "tostring", "tonumber", "tobool"])])
        # The collection wrappers (the inner call may fail: such cases are skipped).
        if rng.random() < 0.3:
            add("tolist([%s, %s])" % (x, y), ["toset", rng.choice(["tolist", "tomap"])])
        if rng.random() < 0.3:
            add("toset([%s, %s])" % (x, y), ["tolist", rng.choice(["toset", "tomap"])])
        if rng.random() < 0.3:
            add("tomap({a = %s, b = %s})" % (x, y), ["tomap", rng.choice(["tolist", "toset"])])

# ---------------------------------------------------------------- edge cases

EDGE = [
    # empty collections
    ("tolist([])", FUNCS), ("toset([])", FUNCS), ("tomap({})", FUNCS),
    ("[[], []]", ["tolist", "toset"]), ("[{}, {}]", ["tolist", "toset"]), ("{a = {}, b = {}}", ["tomap"]),
    ("[tolist([]), [1]]", ["tolist", "toset"]), ("[tomap({}), {a = 1}]", ["tolist", "toset"]),
    # duplicates in sets
    ("[1, 1, 2]", ["toset"]), ('["a", "a"]', ["toset"]), ('[1, "1"]', ["toset", "tolist"]),
    ('[true, "true"]', ["toset"]), ('[1, "1.0"]', ["toset"]), ("[[1], [1]]", ["toset"]),
    ("[{a = 1}, {a = 1}]", ["toset"]), ("[null, null]", ["toset", "tolist"]), ("[1, null, 1]", ["toset"]),
    ("toset([1, 1, 2])", ["tolist", "toset"]), ('toset(["b", "a", "b"])', ["tolist"]),
    ("[0.1 + 0.2, 0.3]", ["toset"]), ("[1/3, 2/6]", ["toset"]), ("[-0.0, 0]", ["toset"]),
    # set order
    ("[[2], [1, 5], [1]]", ["toset"]), ("toset([[2], [1, 5], [1]])", ["tolist", "toset"]),
    ("[{a = 2}, {a = 1}, {a = 3}]", ["toset"]), ('[{a = "b"}, {a = "a"}]', ["toset"]),
    ("[[true], [false]]", ["toset"]), ('[["b", "a"], ["a"], ["a", "b"]]', ["toset"]),
    ("[toset([2, 1]), toset([3]), toset([1])]", ["toset", "tolist"]), ("toset([toset([3, 1]), toset([2])])", ["tolist"]),
    ("[tomap({x = 2}), tomap({x = 1})]", ["toset"]), ("[10, 9, 1.5, -1, 1/3, 1e20]", ["toset"]),
    ('["b", "a", "B", "\u00e4", "z", "", "aa"]', ["toset"]), ("[true, false, true]", ["toset"]),
    ('["e\\u0301", "\u00e9", "e"]', ["toset", "tolist"]), ('["\u212b", "\u00c5", "A\u030a"]', ["toset"]),
    ("[1/0, -1/0, 0]", ["toset", "tolist"]),
    # unification
    ("[{a = 1}, {b = 2}]", ["tolist", "toset"]), ('[{a = 1}, {b = "x"}]', ["tolist", "toset"]),
    ("[{a = 1}, {b = true}]", ["tolist", "toset"]), ("[{a = 1}, {a = 1, b = 2}]", ["tolist", "toset"]),
    ('[{a = 1}, tomap({a = "x", b = "y"})]', ["tolist"]), ("[{a = 1}, tomap({a = 2})]", ["tolist", "toset"]),
    ("[tolist([1]), [2]]", ["tolist", "toset"]), ('[tolist([1]), ["a", "b"]]', ["tolist"]),
    ("[toset([1]), [2, 3]]", ["tolist"]), ("[toset([1]), tolist([2])]", ["tolist", "toset"]),
    ('{a = {x = 1}, b = {y = "z"}}', ["tomap"]), ("{a = {x = 1}, b = tomap({x = 2})}", ["tomap"]),
    ("{a = [1], b = tolist([2])}", ["tomap"]), ('{a = [1], b = ["x", "y"]}', ["tomap"]),
    ('[{a = [1, "x"]}, {a = ["y"]}]', ["tolist"]), ('{a = {b = {c = 1}}, d = {b = {c = "x"}}}', ["tomap"]),
    ("[1, [1]]", ["tolist"]), ("[[1], {a = 1}]", ["tolist"]), ("[null, [1]]", ["tolist"]),
    ("[null, {a = 1}]", ["tolist", "toset"]), ("{a = null, b = 1}", ["tomap"]), ("{a = null}", ["tomap"]),
    ("[1, true]", ["tolist", "toset"]), ('[1, true, "x"]', ["tolist", "toset"]), ("{a = 1, b = false}", ["tomap"]),
    ('[[1, true], ["x", "y"]]', ["tolist"]), ('[[1], ["a", 2]]', ["tolist", "toset"]),
    # nested collection conversions (elements are not themselves converted)
    ("[[1, 2]]", ["tolist"]), ("[{a = [1]}]", ["tolist"]), ("{a = toset([1, 2])}", ["tomap"]),
    ("tolist([tolist([1]), tolist([2, 3])])", ["toset", "tolist"]),
    ('tomap({a = tolist(["x"]), b = tolist([])})', ["tolist", "tomap"]),
    # non-collections to collections and back
    ("1", ["tolist", "toset", "tomap"]), ('"[1]"', ["tolist"]), ('"{}"', ["tomap"]),
    ("tolist([1])", ["tostring", "tonumber", "tobool"]), ("tomap({a = 1})", ["tostring"]),
    ("toset([true])", ["tobool"]),
    # numbers that print at full precision
    ("[1/3, 1]", ["tolist"]), ("{a = 1/3, b = \"x\"}", ["tomap"]), ("[1/3, \"x\"]", ["tolist", "toset"]),
    ("[1.5e300 * 1.5e300, \"x\"]", ["tolist"]), ("[-0.0, \"x\"]", ["tolist"]), ("[1/0, \"x\"]", ["tolist"]),
    ("[true, 1/7]", ["tolist"]), ('[1e-300, "1e-300"]', ["toset"]),
]
for inner, funcs in EDGE:
    add(inner, funcs)

# ---------------------------------------------------------------- random nested values

LEAVES = ["1", "2", "0.5", "-3", "1/3", '"a"', '"b"', '"1"', '"true"', "true", "false", "null"]


def rand_value(depth):
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(LEAVES)
    kind = rng.choice(["tuple", "tuple", "object", "object", "list", "set", "map"])
    n = rng.randrange(0, 4)
    parts = [rand_value(depth - 1) for _ in range(n)]
    keys = rng.sample(["a", "b", "c", "d"], n)
    if kind == "tuple":
        return "[%s]" % ", ".join(parts)
    if kind == "object":
        return "{%s}" % ", ".join("%s = %s" % kv for kv in zip(keys, parts))
    if kind == "list":
        return "tolist([%s])" % ", ".join(parts)
    if kind == "set":
        return "toset([%s])" % ", ".join(parts)
    return "tomap({%s})" % ", ".join("%s = %s" % kv for kv in zip(keys, parts))


for _ in range(200):
    add(rand_value(3), [rng.choice(["tolist", "toset", "tomap", "tolist", "toset", "tomap", "tostring"])])


# ---------------------------------------------------------------- ask the oracle

def errors(d):
    if "error" in d:
        return ["bad request: " + d["error"]]
    diags = list(d.get("parse_diagnostics") or []) + list(d.get("diagnostics") or [])
    found = ["%s: %s" % (x["summary"], x["detail"]) for x in diags if x["severity"] == "error"]
    if not found and (d.get("panic") or d.get("nil_value")):
        found = ["panic: %s" % d.get("panic")]
    return found


seen = set()
unique = []
for c in cases:
    if c not in seen:
        seen.add(c)
        unique.append(c)

sources = sorted({inner for inner, _ in unique} | {"%s(%s)" % (f, inner) for inner, f in unique})
answers = ask(sources)

rows = []
skipped = 0
skipped_dynamic = 0
for inner, f in unique:
    src = answers[inner]
    if errors(src) or not src.get("known"):
        skipped += 1
        continue
    if src["type"] == "dynamic":
        # The null keyword: go-cty's function layer answers for an argument
        # of the dynamic pseudo-type without running the conversion (the
        # result type becomes dynamic and tostring(null) is a dynamic null),
        # so FUNC(INNER) says nothing about converting it.
        skipped_dynamic += 1
        continue
    res = answers["%s(%s)" % (f, inner)]
    errs = errors(res)
    if errs:
        oracle = {"error": errs[0]}
    else:
        assert res.get("known"), res
        oracle = {"value": res["value"], "type": res["type"]}
    rows.append(
        {
            "case": "%s(%s)" % (f, inner),
            "input": src["value"],
            "input_type": src["type"],
            "target": TARGETS[f],
            "oracle": oracle,
        }
    )

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w", encoding="utf-8") as out:
    for r in rows:
        text = dumps(r)
        json.loads(text)  # valid JSON
        out.write(text + "\n")

n_err = sum(1 for r in rows if "error" in r["oracle"])
print(
    "%d cases written to %s (%d oracle errors); skipped: %d whose input expression failed, %d whose input is "
    "of the dynamic pseudo-type" % (len(rows), os.path.relpath(OUT, ROOT), n_err, skipped, skipped_dynamic),
    file=sys.stderr,
)
