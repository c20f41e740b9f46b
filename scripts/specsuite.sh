#!/bin/sh
# Runs the reference's official HCL spec test suite (hclspecsuite, with the
# tests of the Debian package golang-github-hashicorp-hcl-v2-dev) against
# `hcl dec`, through a wrapper that passes hcldec's command line on.
#
# Builds what it needs: the reference tools (../shared/tools/hcl-oracle/build.sh)
# when they are missing, and `hcl` (cargo build --release). Exits 0 when every
# test passes but the one known failure named below (printed in full, with
# the reason), 2 when another fails, 3 when the tools cannot be built here
# (it says so loudly on stderr).
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
(cd "$root" && cargo build --release --quiet --features cli --bin hcl)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/hcldec" <<WRAP
#!/bin/sh
exec "$root/target/release/hcl" dec "\$@"
WRAP
chmod +x "$work/hcldec"
# The one known failure, a test the spec's exact arithmetic answers
# differently (docs/deviations.md, D-exact-numbers): 11 % 5.1 is 0.8, the
# suite expects the reference's 512-bit remainder 0.8000...00024.
known='specsuite/tests/expressions/operators.hcl$'
set +e
"$suite" "$tests" "$work/hcldec" 2>"$work/problems"
status=$?
set -e
cat "$work/problems" >&2
errors=$(grep -c '^Error: ' "$work/problems" || true)
known_errors=$(grep -A3 '^Error: Incorrect result value' "$work/problems" | grep -c "$known" || true)
echo "specsuite: exit $status, $errors problem(s), $known_errors of them the known one (D-exact-numbers: mod_frac)" >&2
if [ "$status" -ne 0 ] && [ "$errors" -eq 1 ] && [ "$known_errors" -eq 1 ] \
    && grep -q 'mod_frac' "$work/problems"; then
    echo "specsuite: every other test passes" >&2
    exit 0
fi
exit "$status"
