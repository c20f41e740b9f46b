#!/bin/sh
# Runs the reference's official HCL spec test suite (hclspecsuite, with the
# tests of the Debian package golang-github-hashicorp-hcl-v2-dev) against
# `hcl dec`, through a wrapper that passes hcldec's command line on.
#
# Builds what it needs: the reference tools (../shared/tools/hcl-oracle/build.sh)
# when they are missing, and `hcl` (cargo build --release). Exits 0 when every
# test passes, 2 when one fails, 3 when the tools cannot be built here (it
# says so loudly on stderr).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
oracle="$root/../shared/tools/hcl-oracle"
suite="$oracle/bin/hclspecsuite"
if [ ! -x "$suite" ]; then
    if ! "$oracle/build.sh" >&2; then
        echo "!!! specsuite: the reference tools could not be built on this machine (../shared/tools/hcl-oracle/build.sh failed); the official suite did NOT run" >&2
        exit 3
    fi
fi
tests=$(dpkg -L golang-github-hashicorp-hcl-v2-dev 2>/dev/null | grep 'specsuite/tests$' | head -n 1 || true)
if [ -z "$tests" ] || [ ! -d "$tests" ]; then
    echo "!!! specsuite: the suite's tests (package golang-github-hashicorp-hcl-v2-dev) are not installed; the official suite did NOT run" >&2
    exit 3
fi
(cd "$root" && cargo build --release --quiet --bin hcl)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/hcldec" <<WRAP
#!/bin/sh
exec "$root/target/release/hcl" dec "\$@"
WRAP
chmod +x "$work/hcldec"
"$suite" "$tests" "$work/hcldec"
