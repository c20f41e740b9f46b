#!/bin/sh
# Builds scripts/hcl-tokens (the reference scanner's token dump) into
# target/hcl-tokens with the Go sources of the Debian package that
# ../shared/tools/hcl-oracle/build.sh installs, and prints its path.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/target/hcl-tokens"
mkdir -p "$here/target"
if [ ! -x "$out" ] || [ "$here/scripts/hcl-tokens/main.go" -nt "$out" ]; then
    env GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= \
        GOCACHE="${GOCACHE:-$here/target/.gocache}" \
        go build -trimpath -o "$out" "$here/scripts/hcl-tokens/main.go" >&2
fi
echo "$out"
