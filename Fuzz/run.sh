#!/bin/sh
# Runs one fuzz target built by Fuzz/build.sh, seeded from Examples/.
# Usage: Fuzz/run.sh json|expressions|run|http [SECONDS] [libFuzzer options…]
# Crashes are written to Fuzz/.build/crash-* (replay one: Fuzz/.build/fuzz-NAME FILE).
set -eu
cd "$(dirname "$0")/.."
name=${1:?usage: Fuzz/run.sh json|expressions|run|http [SECONDS]}
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
  http)
    # A piece-size byte, then an answer: chunked (extensions, trailer), Content-Length,
    # a 100 Continue before the answer, a cross-origin redirect, an answer to the close.
    printf '\007HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=1\r\n{"a"\r\n3\r\n:1}\r\n0\r\nT: t\r\n\r\n' > "$seeds/chunked"
    printf '\000HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}' > "$seeds/length"
    printf '\003HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n' > "$seeds/continue"
    printf '\001HTTP/1.1 302 Found\r\nLocation: http://b.test:8080/x\r\nContent-Length: 0\r\n\r\n' > "$seeds/redirect"
    printf '\002HTTP/1.0 200 OK\r\n\r\nto the end' > "$seeds/close" ;;
  *) echo "unknown target '$name' (json, expressions, run, http)" >&2; exit 64 ;;
esac
exec "$out/fuzz-$name" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=65536 \
  -timeout=20 -rss_limit_mb=2048 -artifact_prefix="$out/" -print_final_stats=1 "$@"
