#!/usr/bin/env python3
"""Random expressions through `hcl eval` and the reference oracle: every
disagreement is either a documented deviation or a failure.

Usage: scripts/differential_random.py [--rounds N] [--seed S] [--show K] [--only NAME ...]

Six generators write configurations of 100 attributes each, from fixed
seeds (so a run is repeatable): calls of every function the oracle knows
with random arguments (`calls`); operators, conditionals, `for`
expressions, splats, indexes and attribute accesses (`operators`);
templates with interpolations and directives beside `for` expressions
(`templates`); `try` and `can` around the operators' expressions
(`lazy`); heredocs, `<<` and `<<-`, with directives, strip markers and
escapes (`heredocs`); and files in the JSON syntax, whose strings are
templates of the operators' and templates' expressions (`json`). The
leaves are literals, collections and variables known, unknown (of the
dynamic pseudo-type, of number, string, bool, a list, a map, an object)
and partly unknown (a tuple). Both tools evaluate each
file with the same variables (`--all-funcs` for the oracle, whose extra
functions hcl-native has as standard).

Compared per attribute: the type, `known`, the value when known (numbers
as decimals, to the reference's last digit), and each
diagnostic's severity, summary and start byte, in order (the wording of
details differs on purpose, see README). A difference is explained when one
rule below names it (each rule names its entry in docs/deviations.md, or
the oracle's panic, a bug of the reference), or when the reference, asked
again with each negated zero written as a zero, gives our answer exactly
(D-negative-zero). Where our answer is not the one `hcl eval
--no-refinements` gives, refinements decided it (O-refinements: the
oracle's go-cty 1.12 has none), and the answer without them is compared
instead, by the same rules. The rules are narrow, so
anything else is reported as UNEXPLAINED and the script exits 1.

Needs ../shared/tools/hcl-oracle/build.sh run once and `cargo build
--features cli` (or HCL_BIN naming another `hcl`); `.ci/run` runs it with
its default rounds, 24,000 expressions (a few seconds). Its first runs
found a dozen disagreements, fixed since (see the commits that added it
and followed it) or, where the reference has a bug, documented
(D-set-with-unknowns-to-list).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from decimal import Decimal, localcontext

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


# What makes heredocs differ as documented: a whitespace-only line (under
# `<<-`, D-heredoc-flush), a strip marker next to a newline (D-strip-lines).
BLANK_LINE = re.compile(r"(?m)^[ \t]+$")
STRIP_NEWLINE = re.compile(r"~\}[ \t]*\n|\n[ \t]*[$%]\{~")


class Heredocs(Templates):
    """Heredoc templates, `<<EOT` and `<<-EOT`: lines indented by spaces
    and tabs, empty lines and trailing white space, interpolations of the
    templates' expressions, `%{if}` and `%{for}` directives inline and on
    lines of their own, strip markers, the escapes `$${` and `%%{`; alone,
    as function arguments, in tuples, objects, `for` expressions and
    conditionals."""

    WORDS = ["a", "b c", "x  y", "$${x}", "%%{y}", "$", "%", "a}", "~", "$$", "%%", "\\n", '"q"', "é", "a\tb",
             "EOT1", "#", "//", "x$", "%x", "EOT", "EOF", "END"]
    MARKERS = ["EOT", "EOF", "END", "X_1"]

    def cond(self):
        return self.rng.choice(["b", "true", "false", "x == 1", '"true"', "n > 1", "s != \"\"", self.value(2)])

    def coll(self):
        return self.rng.choice(["[1, 2]", '["a", "b"]', "l", "t", "{a = 1, b = 2}", "m", "[]", self.value(2)])

    def strip(self):
        return self.rng.choice(["", "", "~"])

    def interp(self, var=None):
        rng = self.rng
        expr = var if var and rng.random() < 0.7 else self.value(rng.choice([2, 2, 3]))
        return "${%s%s%s%s%s}" % (self.strip(), rng.choice(["", " "]), expr, rng.choice(["", " "]), self.strip())

    def directive(self, text):
        return "%%{%s %s %s}" % (self.strip(), text, self.strip())

    def inline(self, var=None, depth=0):
        """Text for one line: words, interpolations, inline directives."""
        rng = self.rng
        parts = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["word", "word", "interp", "interp", "if", "for"] if depth < 1 else ["word", "interp"])
            if kind == "word":
                # (a `$` or `%` just before an interpolation or directive would escape it)
                word = rng.choice([w for w in self.WORDS if w != self.marker])
                parts.append(word + " " if word[-1] in "$%" else word)
            elif kind == "interp":
                parts.append(self.interp(var))
            elif kind == "if":
                parts.append("%s%s%s%s" % (self.directive("if %s" % self.cond()), self.inline(var, depth + 1),
                                           rng.choice(["", self.directive("else") + self.inline(var, depth + 1)]),
                                           self.directive("endif")))
            else:
                v = rng.choice(["x", "k, x"])
                parts.append("%s%s%s" % (self.directive("for %s in %s" % (v, self.coll())),
                                         self.inline("x", depth + 1), self.directive("endfor")))
            parts.append(rng.choice(["", "", " ", "  "]))
        return "".join(parts)

    def lines(self, indent, var, depth, blank):
        """Lines of content (without their newlines) under `indent`."""
        rng = self.rng
        out = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["line", "line", "line", "empty", "if", "for"] if depth < 2 else ["line", "empty"])
            ind = indent + rng.choice(["", "", " ", "  ", "\t"])
            if kind == "line":
                out.append(ind + self.inline(var) + rng.choice(["", "", "", " ", "\t"]))
            elif kind == "empty":
                out.append(rng.choice([" " * rng.randint(1, 6), "\t"]) if blank and rng.random() < 0.5 else "")
            elif kind == "if":
                out.append(ind + self.directive("if %s" % self.cond()))
                out.extend(self.lines(indent, var, depth + 1, blank))
                if rng.random() < 0.5:
                    out.append(ind + self.directive("else"))
                    out.extend(self.lines(indent, var, depth + 1, blank))
                out.append(ind + self.directive("endif"))
            else:
                out.append(ind + self.directive("for %s in %s" % (rng.choice(["x", "k, x"]), self.coll())))
                out.extend(self.lines(indent, "x", depth + 1, blank))
                out.append(ind + self.directive("endfor"))
        return out

    def heredoc(self, var=None):
        """A heredoc, ending with the newline after its closing marker."""
        rng = self.rng
        flush = rng.random() < 0.5
        marker = self.marker = rng.choice(self.MARKERS)
        indent = rng.choice(["", "  ", "    ", "\t", " \t"]) if flush else ""
        # whitespace-only lines in a `<<-` heredoc are D-heredoc-flush: only some heredocs have them
        blank = rng.random() < 0.2
        body = "".join(line + "\n" for line in self.lines(indent, var, 0, blank))
        closer = (rng.choice(["", "  "]) if flush else rng.choice(["", "", " "])) + marker
        return "<<%s%s\n%s%s\n" % ("-" if flush else "", marker, body, closer)

    def expression(self):
        rng = self.rng
        kind = rng.choice(["alone", "alone", "call", "call", "tuple", "object", "for", "cond"])
        if kind == "alone":
            return self.heredoc()
        if kind == "call":
            exact = ["strlen(%s)", 'split("\\n", %s)', "jsonencode(%s)", 'replace(%s, " ", "_")', "title(%s)",
                     'format("<%%s>", %s)']
            call = rng.choice(["upper(%s)", "lower(%s)", "chomp(%s)", "trimspace(%s)", "indent(2, %s)",
                               'replace(%s, "a", "A")', 'join("|", [%s])', "strrev(%s)"] + exact)
            heredoc = self.heredoc()
            # these do not keep white space (or whitespace-only lines) apart
            # from the rest, as the explanations of D-heredoc-flush and
            # D-strip-lines need
            while call in exact and (
                    BLANK_LINE.search(heredoc) or STRIP_NEWLINE.search(heredoc)):
                heredoc = self.heredoc()
            return call % heredoc
        if kind == "tuple":
            return "[%s, %s]" % (self.heredoc(), rng.choice(['"z"', "1", self.heredoc()]))
        if kind == "object":
            return "{\n  a = %s  b = %s}" % (self.heredoc(), rng.choice(['"z"\n', self.heredoc()]))
        if kind == "for":
            return "[for %s in %s: %s]" % (rng.choice(["x", "k, x"]), self.value(2), self.heredoc("x"))
        return "(%s ? %s: %s)" % (self.cond(), self.heredoc(), rng.choice(['"z"', self.heredoc()]))


class Json(Generator):
    """Configurations in the JSON syntax: numbers in every JSON form, bools,
    null, arrays and objects (keys templates too), and strings, which are
    templates: JSON escapes, `$${` and `%%{`, interpolations of the
    operators' and templates' expressions, directives, strip markers."""

    NUMBERS = ["0", "1", "-1", "10", "1.5", "-2.25", "0.1", "1e3", "1E3", "1e+3", "1e-3", "-1.5e10", "2.5E-7",
               "12345678901234567890", "123456789012345678901234567890123456789", "-0", "-0.0", "0.000001",
               "1e100", "3.141592653589793238462643383279", "9007199254740993", "1e400", "-1.2345e300", "0e5",
               "100.000", "1.0E+2"]
    LITERALS = ["", "a", "a\nb", "tab\there", 'say "hi"', "back\\slash", "é", "😀", "$${x}", "%%{x}", "$", "%",
                "a$b", "100%", "\\${x}", "${}x", "}", "~", " spaced ", "\u00a0", "a/b", "\u2028", "x\n  ", "\n", " \n\t",
                "\r\n"]
    KEYS = ["a", "b", "c", "a", "${\"c\"}", "${s}", "k${1}", "${n}", "${b}", "${u}", "${1 + 1}", "%{ if true }d%{ endif }",
            "$${x}", "${null}", "${[1]}", "${t[0]}", "${o.a}", ""]

    def __init__(self, rng, functions):
        super().__init__(rng, functions)
        self.ops = Operators(rng, functions)
        self.tpl = Templates(rng, functions)

    def encode(self, text):
        """`text` as a JSON string, some characters escaped on a whim."""
        out = []
        for ch in text:
            r = self.rng.random()
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch == "\n":
                out.append(self.rng.choice(["\\n", "\\u000a"]))
            elif ch == "\t":
                out.append(self.rng.choice(["\\t", "\\u0009"]))
            elif ch == "/" and r < 0.5:
                out.append("\\/")
            elif ord(ch) > 0xFFFF:
                hi, lo = divmod(ord(ch) - 0x10000, 0x400)
                out.append("\\u%04x\\u%04x" % (0xD800 + hi, 0xDC00 + lo) if r < 0.5 else ch)
            elif ord(ch) < 0x20 or ord(ch) in (0x2028, 0x2029) or (ord(ch) > 0x7E and r < 0.5):
                out.append("\\u%04x" % ord(ch))
            elif r < 0.03:
                out.append("\\u%04X" % ord(ch))
            else:
                out.append(ch)
        return '"%s"' % "".join(out)

    def expr(self):
        gen = self.rng.choice([self.ops, self.tpl])
        return gen.value(self.rng.choice([1, 2]))

    def template(self):
        rng = self.rng
        s = lambda: rng.choice(["", "", "~"])  # noqa: E731
        kind = rng.choice(["literal", "interp", "interp", "mixed", "if", "for", "error"])
        if kind == "literal":
            return rng.choice(self.LITERALS)
        if kind == "interp":
            return "${%s%s%s}" % (s(), self.expr(), s())
        if kind == "mixed":
            return "%s ${%s%s%s} %s" % (rng.choice(self.LITERALS), s(), self.expr(), s(), rng.choice(self.LITERALS))
        if kind == "if":
            return "%%{%s if %s %s}%s%%{ else }%s%%{ endif }" % (s(), self.expr(), s(), rng.choice(self.LITERALS),
                                                               "${%s}" % self.expr())
        if kind == "for":
            return "%%{ for %s in %s %s}${%s}, %%{ endfor }" % (rng.choice(["x", "k, x"]), self.expr(), s(),
                                                               rng.choice(["x", "k", self.expr()]))
        return rng.choice(["${", "a${1 +}", "%{ if true }x", "${x}}", "%{ endif }", "${\"a\"", "${ 1 : 2 }"])

    def value(self, depth=0):
        rng = self.rng
        kind = rng.choice(["number", "bool", "null", "string", "string", "string", "array", "object"]
                          if depth < 3 else ["number", "string", "string"])
        if kind == "number":
            return rng.choice(self.NUMBERS)
        if kind == "bool":
            return rng.choice(["true", "false"])
        if kind == "null":
            return "null"
        if kind == "string":
            return self.encode(self.template())
        if kind == "array":
            return "[%s]" % ", ".join(self.value(depth + 1) for _ in range(rng.randint(0, 3)))
        keys = [rng.choice(self.KEYS) for _ in range(rng.randint(0, 3))]
        return "{%s}" % ", ".join("%s: %s" % (self.encode(k), self.value(depth + 1)) for k in keys)


GENERATORS = {"calls": Calls, "operators": Operators, "templates": Templates, "lazy": Lazy, "heredocs": Heredocs,
              "json": Json}


# ---------------------------------------------------------------- comparing


def number_text(n):
    """A number's text, the same for every spelling of its value (`-0`
    stays, see D-negative-zero)."""
    with localcontext() as ctx:
        ctx.prec = 100000
        return str(n.normalize())


def summary(result):
    """What is compared of one attribute's result."""
    known = result.get("known")
    return (
        json.dumps(result.get("type"), sort_keys=True),
        known,
        json.dumps(result.get("value"), sort_keys=True, default=number_text) if known else None,
        tuple((d["severity"], d["summary"], d["range"]["start"]["byte"]) for d in result.get("diagnostics", [])),
    )


# An `if` (of a template or of a `for`) that tests one of the unknown
# list, map or object variables itself.
NON_BOOL_PREDICATE = re.compile(r"\bif\s+[lmo]\s*(~?\}|\])")

# Where a deviation's error arises inside an expression: a conditional
# that tests one of the unknown list, map or object variables itself
# (D-unknown-predicate-type), and the unknown object indexed, or the
# unknown list indexed by a negative or fractional number
# (D-index-unknown), a literal key the object's type does not have.
HIDDEN_ERRORS = (
    ("D-unknown-predicate-type", re.compile(r"(?<![\w.])\(*[lmo]\)*\s*\?")),
    ("D-index-unknown", re.compile(r"(?<![\w.])\(*o\)*\s*\[\s*(-?\d|\"(?![ab]\"))"
                                   r"|(?<![\w.])\(*l\)*\s*\[\s*(-|\d+\.\d)")),
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


def map_strings(value, fn):
    """A value's JSON text (as `summary` gives it) with `fn` applied to
    every string in it, keys left alone."""
    def walk(v):
        if isinstance(v, str):
            return fn(v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v
    return json.dumps(walk(json.loads(value)), sort_keys=True)


# The summaries of template parse errors (hclsyntax's, and the ones of
# hcl-native that differ), which a string of the JSON syntax reports when
# it is evaluated.
TEMPLATE_PARSE_ERRORS = {
    "Missing expression", "Invalid expression", "Unexpected end of template", "Unclosed template interpolation sequence",
    "Unclosed template directive sequence", "Extra characters after interpolation expression",
    "Unexpected endif directive", "Unexpected endfor directive", "Unexpected else directive",
    "Invalid template directive", "Invalid template control keyword", "Invalid 'for' directive",
}


def without_parse_errors(ours, ref):
    """The two results without their template parse errors, when each
    side has one where the reference's first one starts, or None. A
    string of the JSON syntax reports them when it is evaluated; the
    project compares a parse error's verdict and place, not its summary
    or what else is reported around it (D-parse-recovery, and
    scripts/check_golden.py's err/ cases)."""
    starts = lambda r: [d["range"]["start"]["byte"] for d in r.get("diagnostics", [])  # noqa: E731
                        if d["summary"] in TEMPLATE_PARSE_ERRORS]
    if not starts(ours) or not starts(ref) or starts(ref)[0] not in starts(ours):
        return None
    strip = lambda r: dict(r, diagnostics=[d for d in r.get("diagnostics", [])  # noqa: E731
                                           if d["summary"] not in TEMPLATE_PARSE_ERRORS])
    return strip(ours), strip(ref)


def json_strings(value):
    """The strings of a JSON value (read with `json_pairs`, so that a
    repeated key keeps every value), its keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        if all(isinstance(p, tuple) for p in value) and value:
            return [s for k, v in value for s in [k] + json_strings(v)]
        return [s for v in value for s in json_strings(v)]
    return []


def json_pairs(text):
    """A JSON text with each object as its list of (key, value) pairs."""
    return json.loads(text, object_pairs_hook=lambda pairs: [tuple(p) for p in pairs])


def explain(expr, ours, ref, json_syntax=False):
    """The deviation (or reference bug) that explains a difference, or None."""
    if any("panic" in d["detail"] for d in ref.get("diagnostics", [])) or ref.get("panic"):
        return "reference panic"
    stripped = without_parse_errors(ours, ref) if json_syntax else None
    if stripped:
        if summary(stripped[0]) == summary(stripped[1]):
            return "D-parse-recovery"
        why = explain(expr, *stripped, json_syntax=json_syntax)
        return why and "D-parse-recovery and " + why
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
    # A branch that D-unknown-predicate-type made unknown of any type (its
    # `if` tested an unknown list, map or object) escapes the conditional's
    # check that both branches' types unify; the error that made it so
    # goes with the branch the condition did not choose, whose diagnostics
    # both sides drop. The reference's type mismatch is then ours to lack
    # (it returns that error alone; ours has the chosen branch's
    # diagnostics, which the reference drops with the mismatch).
    if [d["summary"] for d in ref.get("diagnostics", [])] == ["Inconsistent conditional result types"] and \
            not any(d["summary"] == "Inconsistent conditional result types" for d in ours.get("diagnostics", [])) and \
            NON_BOOL_PREDICATE.search(expr):
        return "D-unknown-predicate-type"
    a, b = summary(ours), summary(ref)
    # A deviation's error (which makes a call around it return the dynamic
    # value, as any argument's error does in both) in a branch of a
    # conditional whose condition is unknown or itself wrong: both drop
    # the branches' diagnostics and give an unknown of the unified type,
    # which the dynamic branch makes dynamic here (`b ? "x" :
    # tostring(l ? "a" : "b")`: unknown string there).
    if a[0] == '"dynamic"' != b[0] and a[1] is False and b[1] is False and a[3] == b[3] and "?" in expr:
        why = [name for name, pattern in HIDDEN_ERRORS if pattern.search(expr)]
        if why:
            return " or ".join(why)
    if ("==" in expr or "!=" in expr) and a[0] == b[0] == '"bool"' and a[3] == b[3]:
        return "D-unknown-equality"
    if ('""' in expr or "<<" in expr) and a[:3] == b[:3] and [d[:2] for d in a[3]] == [d[:2] for d in b[3]]:
        return "D-empty-template-start"
    if b[2] is not None and a[1:2] == b[1:2] and a[3] == b[3] and b[2].replace("-0", "0") == a[2] and \
            b[0].replace('"-0"', '"0"') == a[0]:
        # (a negated zero made an object key names the attribute too)
        return "D-negative-zero"
    # (dividing by a negated zero: -Inf there, +Inf here)
    if b[2] is not None and a[:2] == b[:2] and a[3] == b[3] and "/" in expr and "-" in expr and \
            b[2].replace('"-Inf"', '"+Inf"') == a[2]:
        return "D-negative-zero"
    # (a string of the JSON syntax is a template too, without `<<-`)
    text = "\n".join(json_strings(json_pairs(expr))) if json_syntax else expr
    if ("<<" in expr or json_syntax) and a[:2] == b[:2] and a[3] == b[3] and a[2] is not None and b[2] is not None:
        # The same value but for white space that the two heredoc rules
        # treat differently: a whitespace-only line under `<<-` (the
        # reference leaves it as it is), and a strip marker next to a
        # newline (the reference strips up to the end of that line only).
        # (either beside D-negative-zero: a `-0` the reference keeps,
        # written into the string too)
        flush = "<<-" in expr and BLANK_LINE.search(expr)
        # (chomp takes the newlines at the end, which a blanked line
        # leaves there)
        chomp = expr.startswith("chomp(")
        blank = lambda s: BLANK_LINE.sub("", s).rstrip("\r\n") if chomp else BLANK_LINE.sub("", s)  # noqa: E731
        strip = STRIP_NEWLINE.search(text)
        squeeze = lambda s: re.sub(r"\s", "", s)  # noqa: E731
        for theirs, also in ((b[2], ""), (b[2].replace("-0", "0"), " and D-negative-zero")):
            if flush and map_strings(a[2], blank) == map_strings(theirs, blank):
                return "D-heredoc-flush" + also
            if strip and map_strings(a[2], squeeze) == map_strings(theirs, squeeze):
                return "D-strip-lines" + (" or D-heredoc-flush" if flush else "") + also
    if any("required, but received" in d["detail"] for d in ref.get("diagnostics", [])):
        # a value that fails its parameter's type after converting to it
        return "D-set-with-unknowns-to-list"
    if (expr.startswith("log(") or expr.startswith("pow(")) and a[0] == b[0] == '"number"' and a[1] and b[1] \
            and a[3] == b[3]:
        # the reference's 64-bit float against the exact value: 53 bits agree
        x, y = Decimal(json.loads(a[2])), Decimal(json.loads(b[2]))
        if abs(x - y) <= abs(y) * Decimal("1e-15"):
            return "D-float-functions"
    if expr.startswith("lookup(") and expr.endswith(", null)"):
        return "D-lookup-null-default"
    return None


# ---------------------------------------------------------------- running


# A negated zero, `-0` standing as an operand (after an operator, an
# opening bracket, a separator, `if` or `in`, or at the start; not `-0.5`,
# not `x -0` subtracting), with the white space before it.
NEGATED_ZERO = re.compile(r"(?:(?<=[-(\[{,:?=!&|<>+*/%~])|(?<=\bif)|(?<=\bin)|^)(\s*)-0(?![\w.])")


def evaluate(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if out.returncode not in (0, 1):
        sys.exit("%s failed (%d): %s" % (cmd[0], out.returncode, out.stderr[:2000]))
    # numbers as decimals: the reference prints them to the last of its 512
    # bits, which a float would round away
    return json.loads(out.stdout, parse_float=Decimal, parse_int=Decimal)


def write_config(path, name, exprs):
    """Write the generator's expressions as one configuration (in the JSON
    syntax for `json`), attributes e0, e1, ..."""
    if name == "json":
        text = "{\n%s\n}\n" % ",\n".join('  "e%d": %s' % (i, e) for i, e in enumerate(exprs))
    else:
        text = "".join("e%d = %s\n" % (i, e) for i, e in enumerate(exprs))
    with open(path, "w") as f:
        f.write(text)


def reference_with_zeros(name, exprs, i, config, variables):
    """The reference's result for attribute e<i> with each negated zero of
    its expression written as a zero (`-0` as ` 0`, so every position
    stays), or None when it has none. Where it is ours exactly, the
    difference is D-negative-zero, however the `-0` reached the result
    (written into a string that then fails to convert to a bool, where
    "0" converts to false)."""
    zeros = NEGATED_ZERO.sub(lambda m: m.group(1) + " 0", exprs[i])
    if zeros == exprs[i]:
        return None
    write_config(config, name, exprs[:i] + [zeros] + exprs[i + 1:])
    return evaluate([ORACLE, "eval", config, "--vars", variables, "--all-funcs"])["attributes"]["e%d" % i]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=40, help="files of 100 attributes per generator (default 40)")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--show", type=int, default=10, help="unexplained differences to print (default 10)")
    ap.add_argument("--only", action="append", choices=sorted(GENERATORS), metavar="NAME",
                    help="run this generator only (repeatable; default: all of %s)" % ", ".join(GENERATORS))
    args = ap.parse_args()
    for tool in (ORACLE, HCL):
        if not os.access(tool, os.X_OK):
            sys.exit("%s is missing (see this script's docstring)" % tool)
    functions = json.loads(subprocess.run([ORACLE, "funcs", "--all-funcs"], capture_output=True, text=True).stdout)
    counts = {}
    unexplained = 0
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        variables = os.path.join(tmp, "vars.json")
        with open(variables, "w") as f:
            json.dump(VARIABLES, f)
        for name, make in GENERATORS.items():
            if args.only and name not in args.only:
                continue
            gen = make(random.Random("%s/%d" % (name, args.seed)), functions)
            for _ in range(args.rounds):
                exprs = [gen.expression() for _ in range(100)]
                config = os.path.join(tmp, "random.json" if name == "json" else "random.hcl")
                write_config(config, name, exprs)
                ref = evaluate([ORACLE, "eval", config, "--vars", variables, "--all-funcs"])
                ours = evaluate([HCL, "eval", config, "--vars", variables, "--format", "json"])
                # ours without refinements (O-refinements: the oracle's
                # go-cty 1.12 has none), asked for once a difference needs it
                plain = None
                if ref.get("parse_diagnostics"):
                    sys.exit("the oracle could not parse a generated file: %s" % ref["parse_diagnostics"][:1])
                for i, expr in enumerate(exprs):
                    total += 1
                    a, b = ours["attributes"]["e%d" % i], ref["attributes"]["e%d" % i]
                    if summary(a) == summary(b):
                        continue
                    if plain is None:
                        plain = evaluate([HCL, "eval", config, "--vars", variables, "--format", "json",
                                          "--no-refinements"])
                    unrefined = plain["attributes"]["e%d" % i]
                    if summary(unrefined) != summary(a):
                        # refinements decide this one: what is left without
                        # them must be the oracle's answer, or explained
                        if summary(unrefined) == summary(b):
                            why = "O-refinements"
                        else:
                            why = explain(expr, unrefined, b, name == "json")
                            why = why and "O-refinements and " + why
                    else:
                        why = explain(expr, a, b, name == "json")
                    if why is None:
                        zeros = reference_with_zeros(name, exprs, i, config, variables)
                        if zeros is not None and summary(zeros) == summary(a):
                            why = "D-negative-zero"
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
