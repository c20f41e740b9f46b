#!/bin/sh
# Builds scripts/dynblock-oracle (the reference's ext/dynblock over one
# case) into target/dynblock-oracle with the Go sources of the Debian
# package that ../shared/tools/hcl-oracle/build.sh installs, and prints its
# path.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/target/dynblock-oracle"
mkdir -p "$here/target"
if [ ! -x "$out" ] || [ "$here/scripts/dynblock-oracle/main.go" -nt "$out" ]; then
    env GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= \
        GOCACHE="${GOCACHE:-$here/target/.gocache}" \
        go build -trimpath -o "$out" "$here/scripts/dynblock-oracle/main.go" >&2
fi
echo "$out"
