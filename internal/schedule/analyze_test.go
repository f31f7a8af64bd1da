package schedule

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// requireAnalyze skips when systemd-analyze is absent, unless
// AUTOMEM_REQUIRE_SYSTEMD_ANALYZE is set (deploy/verify.sh sets it in CI,
// where a skip would hide a broken unit).
func requireAnalyze(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv("AUTOMEM_REQUIRE_SYSTEMD_ANALYZE") != "" {
			t.Fatalf("systemd-analyze not found but AUTOMEM_REQUIRE_SYSTEMD_ANALYZE is set")
		}
		t.Skip("systemd-analyze not installed")
	}
	return p
}

// analyze runs systemd-analyze with a minimal, controlled environment and
// returns its combined output and exit error.
func analyze(t *testing.T, home string, args ...string) (string, error) {
	t.Helper()
	bin := requireAnalyze(t)
	rt := t.TempDir()
	if err := os.Chmod(rt, 0o700); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_RUNTIME_DIR=" + rt, "TZ=UTC", "LANG=C", "SYSTEMD_COLORS=0"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// verifyUnits fails the test on any output of `systemd-analyze --user
// verify`: unknown keys and bad values are only warnings with exit 0.
func verifyUnits(t *testing.T, home string, files ...string) {
	t.Helper()
	out, err := analyze(t, home, append([]string{"--user", "verify", "--man=no"}, files...)...)
	if err != nil || strings.TrimSpace(out) != "" {
		t.Fatalf("systemd-analyze verify %v: %v\n%s", files, err, out)
	}
}

func stubExe(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func writeUnits(t *testing.T, dir string, o Options) (svc, tmr string) {
	t.Helper()
	s, err := RenderService(o)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := RenderTimer(o)
	if err != nil {
		t.Fatal(err)
	}
	svc, tmr = filepath.Join(dir, ServiceUnit), filepath.Join(dir, TimerUnit)
	if err := os.WriteFile(svc, s, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmr, tm, 0o644); err != nil {
		t.Fatal(err)
	}
	return svc, tmr
}

func TestCommittedUnitsVerify(t *testing.T) {
	home := t.TempDir()
	stubExe(t, filepath.Join(home, ".local", "bin", "extract"))
	verifyUnits(t, home, filepath.Join("..", "..", "deploy", "systemd", ServiceUnit), filepath.Join("..", "..", "deploy", "systemd", TimerUnit))
}

func TestRenderedUnitsVerify(t *testing.T) {
	for _, tc := range []struct{ name, exe, every string }{
		{"plain", "bin/extract", "1h"},
		{"spaces", "My Tools/bin dir/extract", "30m"},
		{"specifier and dollar", "50%off/$HOME/extract", "6h"},
		{"daily", "bin/extract", "1d"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			exe := filepath.Join(root, tc.exe)
			stubExe(t, exe)
			every, err := ParseEvery(tc.every)
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []bool{false, true} {
				units := t.TempDir()
				p, err := NewPaths(root, exe, func(string) string { return "" })
				if err != nil {
					t.Fatal(err)
				}
				svc, tmr := writeUnits(t, units, Options{Paths: p, Every: every, KeyFile: key})
				verifyUnits(t, root, svc, tmr)
			}
		})
	}
}

// A control for the harness: an unquoted path with a space must be caught,
// or the checks above prove nothing.
func TestVerifyCatchesBrokenExecStart(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, "a b", "extract")
	stubExe(t, exe)
	p, _ := NewPaths(root, exe, nil)
	s, err := RenderService(Options{Paths: p, Every: Every{}})
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(s), `ExecStart="`+exe+`"`, "ExecStart="+exe, 1)
	if broken == string(s) {
		t.Fatalf("rendered service does not quote %q:\n%s", exe, s)
	}
	f := filepath.Join(t.TempDir(), ServiceUnit)
	if err := os.WriteFile(f, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := analyze(t, root, "--user", "verify", "--man=no", f)
	if err == nil && strings.TrimSpace(out) == "" {
		t.Fatal("systemd-analyze accepted an unquoted path with a space")
	}
}

const analyzeTime = "Mon 2006-01-02 15:04:05 MST"

// TestCalendarMatchesLaunchd checks every OnCalendar expression with
// systemd-analyze and cross-checks it against the launchd slots for the
// same period: both must name the same next firing and the same spacing.
func TestCalendarMatchesLaunchd(t *testing.T) {
	for _, in := range []string{"5m", "10m", "15m", "20m", "30m", "1h", "2h", "3h", "4h", "6h", "8h", "12h", "1d"} {
		t.Run(in, func(t *testing.T) {
			e, err := ParseEvery(in)
			if err != nil {
				t.Fatal(err)
			}
			before := time.Now().UTC()
			out, err := analyze(t, t.TempDir(), "calendar", "--iterations=4", e.OnCalendar())
			after := time.Now().UTC()
			if err != nil {
				t.Fatalf("systemd-analyze calendar %q: %v\n%s", e.OnCalendar(), err, out)
			}
			var times []time.Time
			for _, ln := range strings.Split(out, "\n") {
				k, v, ok := strings.Cut(strings.TrimSpace(ln), ": ")
				if !ok || (k != "Next elapse" && !strings.HasPrefix(k, "Iter. #")) {
					continue
				}
				ts, err := time.Parse(analyzeTime, strings.TrimSpace(v))
				if err != nil {
					t.Fatalf("parse %q: %v", v, err)
				}
				times = append(times, ts)
			}
			if len(times) != 4 {
				t.Fatalf("got %d elapse times, want 4:\n%s", len(times), out)
			}
			for i := 1; i < len(times); i++ {
				if d := times[i].Sub(times[i-1]); d != e.Duration() {
					t.Errorf("gap %v between %v and %v, want %v", d, times[i-1], times[i], e.Duration())
				}
			}
			a, b := NextSlot(e.Slots(), before), NextSlot(e.Slots(), after)
			if !times[0].Equal(a) && !times[0].Equal(b) {
				t.Errorf("systemd next elapse %v, launchd slots say %v", times[0], a)
			}
		})
	}
}
