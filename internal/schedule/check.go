package schedule

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// UnavailableError says the platform's scheduler cannot be reached from
// here (no systemctl, no user manager on the bus, no launchd GUI domain)
// and carries the crontab line to use instead.
type UnavailableError struct {
	Platform Platform
	Reason   string
	Cron     string
}

// Error names the scheduler and why it could not be reached.
func (e *UnavailableError) Error() string {
	what := "systemd user manager"
	if e.Platform == Darwin {
		what = "launchd GUI domain"
	}
	return fmt.Sprintf("%s not reachable: %s", what, e.Reason)
}

// Hint tells the person what to do instead, for printing under the error.
func (e *UnavailableError) Hint() string {
	var b strings.Builder
	if e.Platform == Linux {
		b.WriteString("In a login session `systemctl --user` needs XDG_RUNTIME_DIR and a running user manager;\n")
		b.WriteString("over ssh or in a container there may be none (try `loginctl enable-linger $USER` and log in again).\n")
	} else {
		b.WriteString("launchd agents need a graphical login of this user (gui/<uid>).\n")
	}
	b.WriteString("Or run extract from cron: add this line with `crontab -e`:\n\n")
	b.WriteString(e.Cron + "\n")
	return b.String()
}

// Check asks the platform's scheduler whether it is reachable, so install
// refuses before writing anything it cannot enable.
func (s Scheduler) Check(ctx context.Context, every Every) error {
	var argv []string
	switch s.Platform {
	case Linux:
		argv = s.systemctl("show", "--property=Version")
	case Darwin:
		argv = []string{"launchctl", "print", s.guiDomain()}
	default:
		return fmt.Errorf("no scheduler support for platform %q", s.Platform)
	}
	unavailable := func(reason string) error {
		return &UnavailableError{Platform: s.Platform, Reason: reason, Cron: CronLine(s.Paths, every)}
	}
	res, err := s.Runner.Run(ctx, argv)
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return unavailable(argv[0] + " is not installed")
		}
		return unavailable(err.Error())
	}
	if res.ExitCode != 0 {
		reason := firstLine(res.Stderr)
		if reason == "" {
			reason = fmt.Sprintf("%s exited with status %d", ShellJoin(argv), res.ExitCode)
		}
		return unavailable(reason)
	}
	return nil
}
