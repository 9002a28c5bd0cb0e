#!/bin/sh
# Builds the libFuzzer targets of Fuzz/Targets against the library sources, outside
# SwiftPM (swift build and swift test never see them). Usage: Fuzz/build.sh [TARGET...]
# Targets: json, expressions, run, http (default: all). Binaries go to Fuzz/.build/.
set -eu
cd "$(dirname "$0")/.."
out=Fuzz/.build
mkdir -p "$out"
flags="-sanitize=fuzzer -O -package-name beagle_run -I $out -L $out"

# BeagleHTTP is compiled without the CCurlLoader C module (https through libcurl,
# Linux): in these builds an https request fails with "https is not supported by this
# build"; the fuzz targets make no network requests.
module() { # NAME: a static library and module of Sources/NAME
  name=$1
  echo "building $name…" >&2
  # swiftc adds to an existing archive: a file renamed since the last build would
  # leave its old object inside, and the link would fail on duplicate symbols.
  rm -f "$out/lib$name.a"
  # shellcheck disable=SC2046,SC2086
  swiftc $flags -parse-as-library -module-name "$name" -emit-module \
    -emit-module-path "$out/$name.swiftmodule" -emit-library -static \
    -o "$out/lib$name.a" $(find "Sources/$name" -name '*.swift' | sort)
}

target() { # NAME MODULES…: Fuzz/.build/fuzz-NAME from Fuzz/Targets/NAME.swift
  name=$1
  shift
  libraries=""
  for library in "$@"; do libraries="$libraries -l$library"; done
  echo "linking fuzz-$name…" >&2
  # shellcheck disable=SC2086
  swiftc $flags -parse-as-library "Fuzz/Targets/$name.swift" $libraries -o "$out/fuzz-$name"
}

targets=${*:-json expressions run http}
case "$targets" in *json*|*expressions*|*run*) module BeagleJSON ;; esac
case "$targets" in *run*|*http*) module BeagleHTTP ;; esac
case "$targets" in *expressions*|*run*) module BeagleExpressions ;; esac
case "$targets" in *run*) module BeagleRuntime; module BeagleRendering; module BeagleCLI ;; esac
for name in $targets; do
  case $name in
    json) target json BeagleJSON ;;
    expressions) target expressions BeagleExpressions BeagleJSON ;;
    run) target run BeagleCLI BeagleRendering BeagleRuntime BeagleHTTP BeagleExpressions BeagleJSON ;;
    http) target http BeagleHTTP ;;
    *) echo "unknown target '$name' (json, expressions, run, http)" >&2; exit 64 ;;
  esac
done
