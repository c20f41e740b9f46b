#!/usr/bin/env python3
"""Development aid: compares `hcl parse --format json` with the reference
oracle's `parse` on every file under a folder (default: ../shared/corpus)
and prints where the body structures differ (names, labels, ranges) and
where one side reports errors and the other does not.

    scripts/compare_parse.py [FOLDER] [--hcl target/release/hcl] [--show N]
"""
import argparse, base64, json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(ROOT, "..", "shared", "tools", "hcl-oracle", "bin", "hcl-oracle")


def rng(r):
    return None if r is None else (r["start"]["byte"], r["end"]["byte"])


def norm_body(b):
    return {
        "attributes": [(a["name"], rng(a["range"]), rng(a["name_range"]), rng(a["expr_range"])) for a in b["attributes"]],
        "blocks": [(k["type"], tuple(k["labels"]), rng(k["range"]), norm_body(k["body"])) for k in b["blocks"]],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default=os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--hcl", default=os.path.join(ROOT, "target", "release", "hcl"))
    ap.add_argument("--show", type=int, default=10)
    args = ap.parse_args()
    files = []
    for d, _, fs in os.walk(args.folder):
        for f in fs:
            if f.endswith((".tf", ".hcl", ".tfvars")):
                files.append(os.path.join(d, f))
    files.sort()
    reqs = "".join(json.dumps({"id": str(i), "cmd": "parse", "src_base64": base64.b64encode(open(f, "rb").read()).decode()}) + "\n" for i, f in enumerate(files))
    out = subprocess.run([ORACLE, "batch"], input=reqs.encode(), capture_output=True, check=True).stdout.decode()
    oracle = {}
    for line in out.splitlines():
        d = json.loads(line)
        oracle[int(d["id"])] = d

    def ours(i):
        p = subprocess.run([args.hcl, "parse", files[i], "--format", "json"], capture_output=True)
        return i, json.loads(p.stdout)

    with ThreadPoolExecutor(4) as ex:
        mine = dict(ex.map(ours, range(len(files))))
    same = differ_struct = differ_err = 0
    shown = 0
    for i, f in enumerate(files):
        o, m = oracle[i], mine[i]
        oe = [d for d in o["diagnostics"] if d["severity"] == "error"]
        me = [d for d in m["diagnostics"] if d["severity"] == "error"]
        if bool(oe) != bool(me):
            differ_err += 1
            if shown < args.show:
                shown += 1
                print(f"ERRORS {f}\n  oracle: {[(d['summary'], rng(d['range'])) for d in oe][:2]}\n  ours:   {[(d['summary'], rng(d['range'])) for d in me][:2]}")
            continue
        if oe:
            same += 1
            continue
        ob, mb = norm_body(o["body"]), norm_body(m["body"])
        if ob != mb:
            differ_struct += 1
            if shown < args.show:
                shown += 1
                print(f"STRUCTURE {f}")
                for k in ("attributes", "blocks"):
                    for x, y in zip(ob[k], mb[k]):
                        if x != y:
                            print(f"  oracle {x}\n  ours   {y}")
                            break
        else:
            same += 1
    print(f"{len(files)} files: {same} agree, {differ_err} differ in having errors, {differ_struct} differ in structure")


if __name__ == "__main__":
    main()
