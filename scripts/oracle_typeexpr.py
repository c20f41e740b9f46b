#!/usr/bin/env python3
"""Asks the reference oracle how it reads type expressions (ext/typeexpr).

For each case, a type expression in HCL native syntax, the oracle's
`typeexpr` command answers the three readings of the reference:
`TypeConstraint` (type, type_string, diagnostics), `TypeConstraintWithDefaults`
(`with_defaults`: also the defaults tree) and `Type` (`exact`). See the
oracle's README, section *typeexpr*.

Writes tests/data/typeexpr.jsonl, one compact JSON object per line, keys
sorted: {"case": SRC, "oracle": ANSWER}, which tests/model/typeexpr.rs checks
hcl_native::typeexpr against.

Usage: scripts/oracle_typeexpr.py [ORACLE]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True

from oracle_batch import ROOT, ask, dumps  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "typeexpr.jsonl")

CASES = [
    # keywords
    "string", "number", "bool", "any", "dynamic", "foo", "true", "null",
    "(string)", "list", "map", "set", "object", "tuple", "optional",
    # constructors
    "list(string)", "set(number)", "map(bool)", "list(any)", "map(list(set(string)))",
    "list((string))", "list(\n  string\n)",
    "tuple([])", "tuple([string, number, bool])", "tuple([any, list(any)])",
    "object({})", "object({name=string, age=number})",
    "object({name = string\n  tags = map(string)\n})",
    "map(object({name=string,age=number}))",
    "object({b=string, a=number, c=bool})",
    "object({\"quoted\"=string})", "object({(a)=string})", "object({a.b=string})",
    "object({a=string, a=number})",
    "object({a=optional(string), a=number})",
    "object({a=number, a=optional(string, \"x\")})",
    "object({true=string})", "object({null=string})",
    "object({a-b=string})",
    # argument counts
    "list()", "list(string, number)", "list(string, number, bool)",
    "map()", "set(string, string)", "object()", "object({}, {})",
    "tuple()", "tuple([], [], [])",
    "string()", "number(1)", "bool(true, false)", "any()", "any(string)",
    "optional(string)", "optional()", "foo(string)", "list(string...)",
    "ns::list(string)", "a::b::object({})",
    # wrong argument shapes
    "tuple(string)", "tuple({a=string})", "object([string])", "object(string)",
    "list([string])", "list({})", "list(\"string\")", "list(1)",
    # not a type at all
    "1", "\"string\"", "[string]", "{a=string}", "a.b", "string.x", "list(string)[0]",
    "list(string) + 1", "!string", "string ? number : bool", "[for x in y: x]",
    # optional attributes
    "object({a=optional(string)})",
    "object({a=optional(string), b=number})",
    "object({a=optional(string, \"x\")})",
    "object({a=optional(number, 8080)})",
    "object({a=optional(number, \"8080\")})",
    "object({a=optional(number, \"x\")})",
    "object({a=optional(bool, 1)})",
    "object({a=optional(list(string), [\"a\", 1])})",
    "object({a=optional(list(string), [\"a\", [1]])})",
    "object({a=optional(string, null)})",
    "object({a=optional(any, 1)})",
    "object({a=optional(any, {b = 1})})",
    "object({a=optional(map(number), {b = 1, c = \"2\"})})",
    "object({a=optional(string, \"x\", \"y\")})",
    "object({a=optional()})",
    "object({a=optional(string, var.x)})",
    "object({a=optional(string, upper(\"x\"))})",
    "object({a=optional(string, \"${1 + 1}\")})",
    "object({a=optional(number, 1 + 1)})",
    "object({a=optional(number, 1 / 0)})",
    "object({a=optional(optional(string))})",
    "object({a=optional(foo)})",
    "object({a=optional(string), b=optional(number, 1), c=bool})",
    "object({a=optional(object({b=optional(number, 1)}), {})})",
    "object({a=optional(object({b=optional(number, 1), c=optional(string)}))})",
    "list(object({a=optional(string, \"x\")}))",
    "set(object({a=optional(string, \"x\")}))",
    "map(object({a=optional(string, \"x\")}))",
    "tuple([object({a=optional(string, \"x\")}), number, object({b=optional(bool, true)})])",
    "map(object({name = string, port = optional(number, 80), tags = optional(map(string), {})}))",
    "object({a=optional(tuple([string, number]), [\"a\", \"1\"])})",
    "object({a=optional(set(string), [\"b\", \"a\", \"b\"])})",
    "object({a=optional(object({x=number}), {x = 1, y = 2})})",
    "object({a=optional(object({x=number, y=optional(string)}), {x = 1})})",
    "list(optional(string))", "map(optional(string, \"x\"))", "tuple([optional(string)])",
    "optional(string, \"x\")",
    # several errors at once
    "object({a=foo, b=bar, c=list()})",
    "tuple([foo, list, any()])",
    "object({\"a\"=string, b=foo})",
    # Terraform variable types as found in the corpus
    "list(object({\n    name        = string\n    cidr_blocks = list(string)\n    description = optional(string, \"\")\n  }))",
    "map(object({\n    enabled = optional(bool, true)\n    rules   = optional(list(object({port = number, protocol = optional(string, \"tcp\")})), [])\n  }))",
    "object({\n    create = optional(bool, false)\n    name   = optional(string)\n    tags   = optional(map(string), {})\n  })",
    # deep nesting
    "list(" * 60 + "string" + ")" * 60,
]


def main():
    cases = list(dict.fromkeys(CASES))
    answers = ask(cases, cmd="typeexpr")
    with open(OUT, "w", encoding="utf-8") as f:
        for src in cases:
            a = answers[src]
            a.pop("id", None)
            f.write(dumps({"case": src, "oracle": a}) + "\n")
    print("wrote %d cases to %s" % (len(cases), os.path.relpath(OUT, ROOT)))


if __name__ == "__main__":
    main()
