#!/usr/bin/env python3
"""Issue 37's figure: the instructions hcl-native's parser executes per
byte of the corpus's accepted files, and hcl-edit's on the same files.

    scripts/instructions_per_byte.py           # Cargo's default release profile
    scripts/instructions_per_byte.py dist      # the released tool's profile

Builds `examples/parse_corpus` in the profile, then counts with
`valgrind --tool=callgrind` one pass over the corpus minus no pass (so
that reading the files does not count), for each parser. Needs valgrind
and ../shared/corpus; under a minute after the build. A development
aid, not part of CI.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    profile = sys.argv[1] if len(sys.argv) > 1 else "release"
    subprocess.run(["cargo", "build", "--quiet", "--profile", profile, "--example", "parse_corpus"],
                   cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    binary = os.path.join(target, profile, "examples", "parse_corpus")
    shown = subprocess.run([binary, "0"], capture_output=True, text=True, check=True).stdout
    size = int(re.search(r"\((\d+) bytes\)", shown).group(1))

    def instructions(*args):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "callgrind.out")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, *args],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            with open(out) as f:
                return int(re.search(r"^summary: (\d+)", f.read(), re.M).group(1))

    print(f"profile {profile}, {size} bytes of corpus")
    ours = None
    for name, mode in (("hcl-native", []), ("hcl-edit", ["hcl-edit"])):
        count = instructions("1", *mode) - instructions("0", *mode)
        ratio = "" if ours is None else f", {count / ours:.2f} times hcl-native's"
        print(f"{name:10} {count / 1e6:8.1f} million instructions, {count / size:5.1f} per byte{ratio}")
        ours = ours or count


if __name__ == "__main__":
    main()
