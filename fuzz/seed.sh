#!/usr/bin/env bash
# Seeds each fuzz target's corpus: the grammar tests' inputs and the shared
# corpus of real configuration files (when ../../shared/corpus is there).
set -euo pipefail
cd "$(dirname "$0")"
for target in parse_config eval_expr eval_template; do
  mkdir -p "corpus/$target"
done
n=0
while IFS= read -r -d '' f; do
  name=$(sha1sum "$f" | cut -c1-16)
  case "$f" in
    *.hcltmpl) cp "$f" "corpus/eval_template/$name" ;;
    *.hclexpr) cp "$f" "corpus/eval_expr/$name" ;;
    *) cp "$f" "corpus/parse_config/$name" ;;
  esac
  n=$((n + 1))
done < <(find ../grammar-tests -type f \( -name '*.hcl' -o -name '*.hclexpr' -o -name '*.hcltmpl' -o -name '*.hcleval' -o -name '*.hclbody' \) -print0)
# Expressions from the evaluation goldens: each attribute's value on its own.
find ../grammar-tests -name '*.hcleval' -print0 | xargs -0 grep -h '^[a-z_][a-z0-9_]* *= ' | sed 's/^[^=]*= *//' |
  while IFS= read -r line; do
    printf '%s' "$line" > "corpus/eval_expr/$(printf '%s' "$line" | sha1sum | cut -c1-16)"
  done
if [ -d ../../shared/corpus ]; then
  # A sample of the shared corpus (every 10th file keeps the seed set small).
  find ../../shared/corpus -type f \( -name '*.hcl' -o -name '*.tf' -o -name '*.tfvars' \) | sort | awk 'NR % 10 == 1' |
    while IFS= read -r f; do cp "$f" "corpus/parse_config/$(sha1sum "$f" | cut -c1-16)"; done
fi
# The hcldec cases: each spec, a NUL, and its first input.
mkdir -p corpus/dec_spec
for f in ../grammar-tests/hcldec-*/*.hcldectest; do
  spec=$(awk '/^-- spec.hcldec --$/{on=1; next} /^-- .* --$/{on=0} on' "$f")
  input=$(awk '/^-- input\.(hcl|json) --$/{if (done) exit; on=1; next} /^-- .* --$/{if (on) done=1; on=0} on' "$f")
  printf '%s\0%s' "$spec" "$input" > "corpus/dec_spec/$(sha1sum "$f" | cut -c1-16)"
done
echo "seeded: $(ls corpus/dec_spec | wc -l) hcldec, $(ls corpus/parse_config | wc -l) config, $(ls corpus/eval_expr | wc -l) expression, $(ls corpus/eval_template | wc -l) template inputs"
