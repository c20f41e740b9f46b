#!/bin/sh
# Builds the Go harness scripts/NAME/main.go (hcl-tokens: the reference
# scanner's token dump; dynblock-oracle: the reference's ext/dynblock over
# one case) into target/NAME with the Go sources of the Debian package that
# ../shared/tools/hcl-oracle/build.sh installs, and prints its path. No
# binary is kept in the repository.
#
# usage: scripts/go-harness.sh NAME
set -eu
name=${1:?usage: scripts/go-harness.sh NAME}
here=$(cd "$(dirname "$0")/.." && pwd)
src="$here/scripts/$name/main.go"
out="$here/target/$name"
mkdir -p "$here/target"
if [ ! -x "$out" ] || [ "$src" -nt "$out" ]; then
    env GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off GOFLAGS= \
        GOCACHE="${GOCACHE:-$here/target/.gocache}" \
        go build -trimpath -o "$out" "$src" >&2
fi
echo "$out"
