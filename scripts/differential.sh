#!/bin/sh
# Runs a folder of .hcleval cases through `hcl` and the reference oracle and
# prints the agreement rate (see scripts/differential.py). Builds `hcl` first.
set -e
cd "$(dirname "$0")/.."
cargo build --quiet --features cli --bin hcl
exec python3 scripts/differential.py "$@"
