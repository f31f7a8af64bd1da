// Package schedule installs, removes and inspects the timer that runs
// `extract` unattended: a systemd user timer on Linux, a LaunchAgent on
// macOS, and a crontab line to paste where neither is reachable.
//
// Everything here is a plan before it is an action: the same Plan is
// printed by --print and carried out by Apply, so what a person reviews is
// what runs. The unit files come from the committed templates in deploy/
// (embedded), filled in with this user's absolute paths, because launchd
// expands nothing and a systemd unit must not depend on a login shell.
// External programs (systemctl, launchctl) are reached only through the
// Runner interface so tests record the exact commands.
package schedule
