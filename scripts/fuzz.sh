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
for t in "${targets[@]}"; do
  pkg="${t% *}"
  name="${t#* }"
  echo "fuzz: ${pkg} ${name}"
  if ! go test -run='^$' -fuzz="^${name}\$" -fuzztime="${fuzztime}" -fuzzminimizetime=5s -timeout=5m "${pkg}" >"$list.log" 2>&1; then
    cat "$list.log"
    failed+=("${pkg} ${name}")
  else
    tail -n 1 "$list.log" | sed 's/^/      /'
  fi
done

echo "fuzz: done in $((SECONDS - start))s"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz: FAILED %s\n' "${failed[@]}" >&2
  exit 1
fi
