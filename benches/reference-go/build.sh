#!/usr/bin/env bash
# Builds benches/reference-go/bin/reference-go: the reference's evaluation
# timed per call, for benches/eval.rs. Built exactly as
# ../shared/tools/hcl-oracle/build.sh builds the oracle: offline, GOPATH
# mode, against Debian bookworm's packaged sources (hcl 2.14.1, go-cty
# 1.12.1, Go 1.19). When those packages are missing it says so and stops;
# INSTALL=1 lets it apt-get them (as the oracle's build.sh does).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PKGS=(
  golang-go
  golang-github-hashicorp-hcl-v2-dev
  golang-github-zclconf-go-cty-dev
  golang-github-apparentlymart-go-textseg-dev
  golang-github-agext-levenshtein-dev
  golang-github-mitchellh-go-wordwrap-dev
  golang-golang-x-text-dev
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ -z "${INSTALL:-}" ]; then
    echo "missing Debian packages: ${missing[*]}" >&2
    echo "run ../shared/tools/hcl-oracle/build.sh, or this script with INSTALL=1" >&2
    exit 1
  fi
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}" || {
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
  }
fi
mkdir -p "$HERE/bin"
cd "$HERE"
env GO111MODULE=off \
    GOPATH=/usr/share/gocode \
    GOPROXY=off GOFLAGS= \
    GOCACHE="${GOCACHE:-$HERE/bin/.gocache}" \
    go build -trimpath -o "$HERE/bin/reference-go.new" .
mv -f "$HERE/bin/reference-go.new" "$HERE/bin/reference-go"
echo "built $HERE/bin/reference-go"
