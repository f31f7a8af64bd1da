#!/usr/bin/env bash
# Checks the scheduler files the way the schedulers will read them:
#   - systemd-analyze --user verify on the committed units and on units
#     rendered for awkward paths (spaces, %, $), failing on ANY output,
#     because unknown keys and bad values are only warnings with exit 0;
#   - systemd-analyze calendar on every --every expression, cross-checked
#     against the launchd calendar slots for the same period;
#   - the LaunchAgent plist parsed with encoding/xml (keys and types), and
#     plutil -lint where it exists (macOS).
# The checks live in Go tests (internal/schedule); this script makes them
# mandatory (no skip when systemd-analyze is missing) and installs systemd
# on Debian/Ubuntu CI machines. Run from anywhere: deploy/verify.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v systemd-analyze >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "verify: installing systemd (for systemd-analyze)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
  else
    echo "verify: systemd-analyze not found; install systemd (apt-get install systemd)" >&2
    exit 1
  fi
fi

AUTOMEM_REQUIRE_SYSTEMD_ANALYZE=1 go test -count=1 \
  -run 'TestCommittedUnitsVerify|TestRenderedUnitsVerify|TestVerifyCatchesBrokenExecStart|TestCalendarMatchesLaunchd|TestCommittedPlist|TestRenderedPlist' \
  ./internal/schedule/

if command -v plutil >/dev/null 2>&1; then
  plutil -lint deploy/launchd/io.automem.extract.plist
fi
echo "verify: units, calendars and plist OK"
