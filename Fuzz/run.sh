#!/bin/sh
# Runs one fuzz target built by Fuzz/build.sh, seeded from Examples/.
# Usage: Fuzz/run.sh json|expressions|run [SECONDS] [libFuzzer options…]
# Crashes are written to Fuzz/.build/crash-* (replay one: Fuzz/.build/fuzz-NAME FILE).
set -eu
cd "$(dirname "$0")/.."
name=${1:?usage: Fuzz/run.sh json|expressions|run [SECONDS]}
seconds=${2:-300}
[ $# -ge 2 ] && shift 2 || shift $#
out=Fuzz/.build
corpus=$out/corpus-$name
seeds=$out/seeds-$name
mkdir -p "$corpus" "$seeds"
case $name in
  json|run)
    find Examples -name '*.json' | while read -r file; do
      cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
    done ;;
  expressions)
    # Every string with an expression in the examples, one seed each.
    grep -rhoE '"[^"]*@\{[^"]*"' Examples | sed 's/^"//; s/"$//' | sort -u | {
      index=0
      while IFS= read -r text; do
        index=$((index + 1))
        printf '%s' "$text" > "$seeds/expression-$index"
      done
    } ;;
  *) echo "unknown target '$name' (json, expressions, run)" >&2; exit 64 ;;
esac
exec "$out/fuzz-$name" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=65536 \
  -timeout=20 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@"
