#!/usr/bin/env bash
# fuzz.sh [TIME] — run every fuzz target of the module for TIME each
# (default 10s), one `go test -fuzz` per target, since Go fuzzes one
# target of one package at a time. Targets are found with
# `go test -list`, so a new Fuzz function is picked up without editing
# this script. Exits non-zero if any target failed; a failing input is
# left in that package's testdata/fuzz/ as usual.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime="${1:-${FUZZTIME:-10s}}"

# Only packages with a Fuzz function in a test file are listed (listing
# builds the test binary). `go test -list` prints the matching names of a
# package, then its "ok  <import path>" line.
mapfile -t dirs < <(git ls-files --cached --others --exclude-standard '*_test.go' |
  xargs grep -l '^func Fuzz' 2>/dev/null | xargs -r -n1 dirname | sort -u | sed 's|^|./|')
if [ ${#dirs[@]} -eq 0 ]; then
  echo "fuzz: no fuzz targets found" >&2
  exit 1
fi
list=$(mktemp)
trap 'rm -f "$list" "$list.log"' EXIT
if ! go test -list '^Fuzz' "${dirs[@]}" >"$list" 2>&1; then
  cat "$list" >&2
  echo "fuzz: listing the fuzz targets failed (does the module build?)" >&2
  exit 1
fi
mapfile -t targets < <(awk '
  /^Fuzz/ { names[++n] = $1; next }
  /^ok[ \t]/ { for (i = 1; i <= n; i++) print $2, names[i]; n = 0; next }
  /^(FAIL|---)/ { n = 0 }
' "$list")

if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz: no fuzz targets found" >&2
  exit 1
fi

echo "fuzz: ${#targets[@]} targets, ${fuzztime} each"
failed=()
start=$SECONDS
# fuzz_one runs one target; Go's engine sometimes ends a run on the time
# limit while it is minimising a new input and reports that as
# "context deadline exceeded" without a failing input: that alone is
# retried once and then only warned about, a real failure always fails.
fuzz_one() {
  go test -run='^$' -fuzz="^$2\$" -fuzztime="${fuzztime}" -fuzzminimizetime=5s -timeout=5m "$1" >"$list.log" 2>&1
}
engine_timeout() {
  grep -q 'context deadline exceeded' "$list.log" && ! grep -q 'Failing input written' "$list.log"
}
for t in "${targets[@]}"; do
  pkg="${t% *}"
  name="${t#* }"
  echo "fuzz: ${pkg} ${name}"
  if fuzz_one "$pkg" "$name"; then
    tail -n 1 "$list.log" | sed 's/^/      /'
  elif engine_timeout && { fuzz_one "$pkg" "$name" || engine_timeout; }; then
    echo "      warning: the fuzzing engine hit its time limit while minimising (no failing input)"
  else
    cat "$list.log"
    failed+=("${pkg} ${name}")
  fi
done

echo "fuzz: done in $((SECONDS - start))s"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz: FAILED %s\n' "${failed[@]}" >&2
  exit 1
fi
