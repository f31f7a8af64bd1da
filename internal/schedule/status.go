package schedule

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/automem/automem/internal/ledger"
)

// Status is what `extract schedule status` reports: whether the files are
// there, whether the scheduler has them loaded, when the next run is and
// how the last one ended.
type Status struct {
	Platform  Platform `json:"platform"`
	Installed bool     `json:"installed"`
	Files     []string `json:"files"`
	// Reachable is false when systemctl/launchctl could not be asked.
	Reachable bool   `json:"reachable"`
	Problem   string `json:"problem,omitempty"`
	State     string `json:"state,omitempty"`
	NextRun   string `json:"nextRun,omitempty"`
	LastRun   string `json:"lastRun,omitempty"`
	// LastResult is systemd's Result= (success, exit-code, timeout…).
	LastResult string `json:"lastResult,omitempty"`
	// LastExit is the last run's exit status, nil when it never ran.
	LastExit *int   `json:"lastExit,omitempty"`
	Logs     string `json:"logs"`
	// Today is the day's model spend from the usage ledger (the caller
	// fills it; nil when unknown).
	Today *ledger.Spend `json:"today,omitempty"`
}

// Status asks the scheduler about the installed job. It does not fail when
// the scheduler is unreachable; it says so in the result.
func (s Scheduler) Status(ctx context.Context, now time.Time) (Status, error) {
	switch s.Platform {
	case Linux:
		return s.systemdStatus(ctx), nil
	case Darwin:
		return s.launchdStatus(ctx, now), nil
	}
	return Status{}, fmt.Errorf("no scheduler support for platform %q", s.Platform)
}

func present(paths ...string) []string {
	var out []string
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out
}

func (s Scheduler) systemdStatus(ctx context.Context) Status {
	st := Status{Platform: Linux, Logs: "journalctl --user -u " + ServiceUnit}
	st.Files = present(filepath.Join(s.Paths.UnitDir(), ServiceUnit), filepath.Join(s.Paths.UnitDir(), TimerUnit))
	st.Installed = len(st.Files) == 2
	timer, err := s.show(ctx, TimerUnit, "ActiveState", "UnitFileState", "NextElapseUSecRealtime", "LastTriggerUSec")
	if err != nil {
		st.Problem = err.Error()
		return st
	}
	svc, err := s.show(ctx, ServiceUnit, "ActiveState", "Result", "ExecMainStatus", "ExecMainExitTimestamp")
	if err != nil {
		st.Problem = err.Error()
		return st
	}
	st.Reachable = true
	st.State = "timer " + timer["ActiveState"]
	if fs := timer["UnitFileState"]; fs != "" {
		st.State += ", " + fs
	}
	if svc["ActiveState"] == "activating" {
		st.State += "; running now"
	}
	st.NextRun = timer["NextElapseUSecRealtime"]
	// The exit status survives only while the manager runs; after a reboot
	// the timer still knows when it last fired (Persistent=true) but the
	// result is gone, and ExecMainStatus=0 would be a lie.
	st.LastRun = svc["ExecMainExitTimestamp"]
	if st.LastRun != "" {
		st.LastResult = svc["Result"]
		if n, err := strconv.Atoi(svc["ExecMainStatus"]); err == nil {
			st.LastExit = &n
		}
	} else {
		st.LastRun = timer["LastTriggerUSec"]
	}
	return st
}

// show runs `systemctl --user show UNIT -p ...` and parses KEY=VALUE lines.
func (s Scheduler) show(ctx context.Context, unit string, props ...string) (map[string]string, error) {
	argv := s.systemctl("show", unit, "--property="+strings.Join(props, ","))
	res, err := s.Runner.Run(ctx, argv)
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", ShellJoin(argv), err)
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("run %s: exit status %d: %s", ShellJoin(argv), res.ExitCode, firstLine(res.Stderr))
	}
	return ParseKeyValues(res.Stdout), nil
}

// ParseKeyValues reads `systemctl show` output: one KEY=VALUE per line.
func ParseKeyValues(b []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[k] = v
		}
	}
	return out
}

func (s Scheduler) launchdStatus(ctx context.Context, now time.Time) Status {
	st := Status{Platform: Darwin, Logs: filepath.Join(s.Paths.LogDir(), "extract.log")}
	st.Files = present(s.plistPath())
	st.Installed = len(st.Files) == 1
	if st.Installed {
		if f, err := os.Open(s.plistPath()); err == nil {
			a, err := ParseAgent(f)
			_ = f.Close()
			if err != nil {
				st.Problem = err.Error()
			} else if next := NextSlot(a.Slots, now); !next.IsZero() {
				st.NextRun = next.Format("Mon 2006-01-02 15:04 MST")
			}
		}
	}
	argv := []string{"launchctl", "print", s.guiDomain() + "/" + Label}
	res, err := s.Runner.Run(ctx, argv)
	if err != nil {
		st.Problem = fmt.Sprintf("run %s: %v", ShellJoin(argv), err)
		return st
	}
	st.Reachable = true
	if res.ExitCode != 0 {
		st.State = "not loaded"
		st.NextRun = ""
		return st
	}
	kv := ParseLaunchctlPrint(res.Stdout)
	st.State = kv["state"]
	if runs := kv["runs"]; runs != "" {
		st.State += ", " + runs + " runs"
	}
	if n, err := strconv.Atoi(kv["last exit code"]); err == nil {
		st.LastExit = &n
	}
	return st
}

// ParseLaunchctlPrint reads the top-level "key = value" lines of
// `launchctl print` (one tab deep); nested blocks are skipped. The format
// is not a stable API, so only a few keys are used and missing ones are
// fine.
func ParseLaunchctlPrint(b []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		ln := sc.Text()
		if !strings.HasPrefix(ln, "\t") || strings.HasPrefix(ln, "\t\t") {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimSpace(ln), " = ")
		if !ok {
			continue
		}
		if _, dup := out[k]; !dup {
			out[k] = strings.TrimSpace(v)
		}
	}
	return out
}

// ExitMeaning explains an exit status of extract as the scheduler saw it.
func ExitMeaning(code int) string {
	switch code {
	case 0:
		return "done"
	case 75:
		return "skipped: lock held, throttled or backing off"
	case 1:
		return "failed"
	case 130:
		return "interrupted (stopped or Ctrl-C); the run was recorded as aborted, no backoff"
	case 243:
		return "systemd could not load the API key credential; re-run `extract schedule install`"
	}
	return "failed"
}

// WriteText prints the status for a person.
func (st Status) WriteText(w io.Writer) error {
	var b strings.Builder
	kind := "systemd user timer " + TimerUnit
	if st.Platform == Darwin {
		kind = "LaunchAgent " + Label
	}
	fmt.Fprintf(&b, "scheduler: %s\n", kind)
	if st.Installed {
		fmt.Fprintf(&b, "installed: yes (%s)\n", strings.Join(st.Files, ", "))
	} else {
		b.WriteString("installed: no; run `extract schedule install`\n")
	}
	if st.Problem != "" {
		fmt.Fprintf(&b, "problem: %s\n", st.Problem)
	}
	if st.State != "" {
		fmt.Fprintf(&b, "state: %s\n", st.State)
	}
	if st.NextRun != "" {
		fmt.Fprintf(&b, "next run: %s\n", st.NextRun)
	}
	switch {
	case st.LastExit != nil:
		last := st.LastRun
		if last != "" {
			last += ", "
		}
		meaning := ExitMeaning(*st.LastExit)
		if st.LastResult != "" && st.LastResult != "success" {
			meaning += "; systemd result " + st.LastResult
		}
		fmt.Fprintf(&b, "last run: %sexit status %d (%s)\n", last, *st.LastExit, meaning)
	case st.LastRun != "":
		fmt.Fprintf(&b, "last run: %s, result unknown (see logs)\n", st.LastRun)
	case st.Reachable && st.Installed:
		b.WriteString("last run: never\n")
	}
	if st.Today != nil {
		fmt.Fprintf(&b, "spent today: %s\n", st.Today)
	}
	fmt.Fprintf(&b, "logs: %s\n", st.Logs)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("print status: %w", err)
	}
	return nil
}

// WriteJSON prints the status as one JSON object, for scripts.
func (st Status) WriteJSON(w io.Writer) error {
	if st.Files == nil {
		st.Files = []string{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(st); err != nil {
		return fmt.Errorf("print status: %w", err)
	}
	return nil
}
