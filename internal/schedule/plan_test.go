package schedule

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

func testScheduler(t *testing.T, plat Platform, r Runner) (Scheduler, string) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "home dir")
	exe := filepath.Join(home, "my bin", "extract")
	p, err := NewPaths(home, exe, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	return Scheduler{Platform: plat, Paths: p, UID: 501, Runner: r, Log: zerolog.Nop()}, home
}

func TestInstallLinux(t *testing.T) {
	r := &fakeRunner{}
	s, home := testScheduler(t, Linux, r)
	e, _ := ParseEvery("30m")
	plan, err := s.InstallPlan(e)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"systemctl --user show --property=Version",
		"systemctl --user daemon-reload",
		"systemctl --user enable --now automem-extract.timer",
	}
	if !reflect.DeepEqual(r.calls, want) {
		t.Errorf("commands =\n%q\nwant\n%q", r.calls, want)
	}
	unitDir := filepath.Join(home, ".config", "systemd", "user")
	svc, err := os.ReadFile(filepath.Join(unitDir, ServiceUnit))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svc), "\nExecStart=\""+s.Paths.Exe+"\"\n") {
		t.Errorf("service lacks quoted ExecStart for %q:\n%s", s.Paths.Exe, svc)
	}
	if strings.Contains(string(svc), "\nLoadCredential=") {
		t.Errorf("service loads a credential although no key file exists:\n%s", svc)
	}
	tmr, err := os.ReadFile(filepath.Join(unitDir, TimerUnit))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tmr), "\nOnCalendar=*-*-* *:00/30:00\n") {
		t.Errorf("timer lacks the 30m calendar:\n%s", tmr)
	}
	fi, err := os.Stat(filepath.Join(unitDir, TimerUnit))
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("timer mode = %v, %v; want 0644", fi.Mode(), err)
	}
	left, _ := filepath.Glob(filepath.Join(unitDir, ".*tmp*"))
	if len(left) != 0 {
		t.Errorf("temp files left behind: %v", left)
	}
	notes := strings.Join(plan.Notes, "\n")
	for _, w := range []string{"loginctl enable-linger $USER", "journalctl --user -u automem-extract.service", filepath.Join(home, "my bin", "inbox")} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
}

func TestInstallLinuxWithKeyFileHonoursXDG(t *testing.T) {
	r := &fakeRunner{}
	home := t.TempDir()
	cfg := filepath.Join(home, "cfg")
	p, err := NewPaths(home, "/usr/bin/extract", func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return cfg
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cfg, "automem"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "automem", "api-key"), []byte("k\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := Scheduler{Platform: Linux, Paths: p, Runner: r, Log: zerolog.Nop()}
	plan, err := s.InstallPlan(Every{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	svc, err := os.ReadFile(filepath.Join(cfg, "systemd", "user", ServiceUnit))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svc), "\nLoadCredential=api-key:%E/automem/api-key\n") {
		t.Errorf("service does not load the key file:\n%s", svc)
	}
	if !strings.Contains(string(svc), "\nExecStart=/usr/bin/extract\n") {
		t.Errorf("plain path should stay unquoted:\n%s", svc)
	}
}

func TestInstallDarwin(t *testing.T) {
	r := &fakeRunner{answers: map[string]Result{
		// bootout of an agent that is not loaded fails; install goes on.
		"launchctl bootout gui/501/io.automem.extract": {ExitCode: 3, Stderr: []byte("Boot-out failed: 3: No such process\n")},
	}}
	s, home := testScheduler(t, Darwin, r)
	plan, err := s.InstallPlan(Every{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	plist := filepath.Join(home, "Library", "LaunchAgents", "io.automem.extract.plist")
	want := []string{
		"launchctl bootout gui/501/io.automem.extract",
		"launchctl enable gui/501/io.automem.extract",
		"launchctl bootstrap gui/501 " + plist,
	}
	if !reflect.DeepEqual(r.calls, want) {
		t.Errorf("commands =\n%q\nwant\n%q", r.calls, want)
	}
	f, err := os.Open(plist)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := ParseAgent(f)
	if err != nil {
		t.Fatal(err)
	}
	if a.ProgramArguments[0] != s.Paths.Exe {
		t.Errorf("ProgramArguments[0] = %q, want %q", a.ProgramArguments[0], s.Paths.Exe)
	}
	if fi, err := os.Stat(filepath.Join(home, "Library", "Logs", "automem")); err != nil || !fi.IsDir() {
		t.Errorf("log dir not created: %v", err)
	}
}

func TestApplyStopsAtRequiredFailure(t *testing.T) {
	r := &fakeRunner{answers: map[string]Result{
		"systemctl --user daemon-reload": {ExitCode: 1, Stderr: []byte("Failed to reload daemon: Access denied\nmore\n")},
	}}
	s, _ := testScheduler(t, Linux, r)
	plan, err := s.InstallPlan(Every{})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Apply(context.Background(), plan)
	if !errors.Is(err, ErrStepFailed) || !strings.Contains(err.Error(), "Access denied") || strings.Contains(err.Error(), "more") {
		t.Fatalf("Apply error = %v, want ErrStepFailed with the first stderr line", err)
	}
	if len(r.calls) != 1 {
		t.Errorf("ran %q after a failed required step", r.calls)
	}
}

func TestUninstall(t *testing.T) {
	for _, plat := range []Platform{Linux, Darwin} {
		t.Run(string(plat), func(t *testing.T) {
			r := &fakeRunner{answers: map[string]Result{
				"systemctl --user disable --now automem-extract.timer": {ExitCode: 1, Stderr: []byte("Unit file automem-extract.timer does not exist.")},
			}}
			s, _ := testScheduler(t, plat, r)
			inst, err := s.InstallPlan(Every{})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(context.Background(), inst); err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, st := range inst.Steps {
				if st.Write != nil {
					files = append(files, st.Write.Path)
				}
			}
			r.calls = nil
			un, err := s.UninstallPlan()
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 2; i++ { // idempotent
				if err := s.Apply(context.Background(), un); err != nil {
					t.Fatalf("uninstall #%d: %v", i+1, err)
				}
			}
			for _, f := range files {
				if _, err := os.Stat(f); !os.IsNotExist(err) {
					t.Errorf("%s still exists: %v", f, err)
				}
			}
			want := map[Platform][]string{
				Linux: {
					"systemctl --user disable --now automem-extract.timer",
					"systemctl --user daemon-reload",
					"systemctl --user reset-failed automem-extract.service automem-extract.timer",
				},
				Darwin: {"launchctl bootout gui/501/io.automem.extract"},
			}[plat]
			want = append(want, want...)
			if !reflect.DeepEqual(r.calls, want) {
				t.Errorf("commands =\n%q\nwant\n%q", r.calls, want)
			}
		})
	}
}

func TestCheckRefusesWithoutScheduler(t *testing.T) {
	tests := []struct {
		name   string
		plat   Platform
		r      *fakeRunner
		reason string
	}{
		{"no systemctl", Linux, &fakeRunner{missing: true}, "systemctl is not installed"},
		{"no user bus", Linux, &fakeRunner{answers: map[string]Result{
			"systemctl --user show --property=Version": {ExitCode: 1, Stderr: []byte("Failed to connect to bus: No medium found\n")},
		}}, "Failed to connect to bus: No medium found"},
		{"no launchctl", Darwin, &fakeRunner{missing: true}, "launchctl is not installed"},
		{"no gui domain", Darwin, &fakeRunner{answers: map[string]Result{
			"launchctl print gui/501": {ExitCode: 113},
		}}, "launchctl print gui/501 exited with status 113"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, home := testScheduler(t, tt.plat, tt.r)
			e, _ := ParseEvery("30m")
			err := s.Check(context.Background(), e)
			var ue *UnavailableError
			if !errors.As(err, &ue) {
				t.Fatalf("Check error = %v, want *UnavailableError", err)
			}
			if !strings.Contains(ue.Error(), tt.reason) {
				t.Errorf("error %q lacks %q", ue.Error(), tt.reason)
			}
			wantCron := "*/30 * * * * mkdir -p '" + filepath.Join(home, ".cache", "automem") + "' && '" +
				filepath.Join(home, "my bin", "extract") + "' >>'" + filepath.Join(home, ".cache", "automem", "extract.log") + "' 2>&1"
			if ue.Cron != wantCron {
				t.Errorf("cron line =\n%s\nwant\n%s", ue.Cron, wantCron)
			}
			if !strings.Contains(ue.Hint(), wantCron) || !strings.Contains(ue.Hint(), "crontab -e") {
				t.Errorf("hint lacks the crontab line:\n%s", ue.Hint())
			}
		})
	}
}

func TestCronLineEscapesPercent(t *testing.T) {
	p := Paths{Exe: "/opt/50%/extract", CacheHome: "/home/u/.cache"}
	got := CronLine(p, Every{})
	want := `0 * * * * mkdir -p /home/u/.cache/automem && /opt/50\%/extract >>/home/u/.cache/automem/extract.log 2>&1`
	if got != want {
		t.Fatalf("CronLine = %s\nwant       %s", got, want)
	}
}

func TestPlanPrint(t *testing.T) {
	s, home := testScheduler(t, Linux, &fakeRunner{})
	plan, err := s.InstallPlan(Every{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := plan.Print(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, w := range []string{
		"# write '" + filepath.Join(home, ".config", "systemd", "user", ServiceUnit) + "' (mode 0644)\n",
		"ExecStart=\"" + s.Paths.Exe + "\"\n",
		"OnCalendar=hourly\n",
		"systemctl --user daemon-reload\n",
		"systemctl --user enable --now automem-extract.timer\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("print lacks %q:\n%s", w, out)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".config")); !os.IsNotExist(err) {
		t.Errorf("printing a plan touched the file system: %v", err)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/bin/extract": "/usr/bin/extract",
		"a b":              "'a b'",
		"it's":             `'it'\''s'`,
		"":                 "''",
		"$HOME":            "'$HOME'",
		"gui/501":          "gui/501",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestResolvePlatform(t *testing.T) {
	for _, tt := range []struct {
		flag, goos string
		want       Platform
		ok         bool
	}{
		{"auto", "linux", Linux, true},
		{"auto", "darwin", Darwin, true},
		{"", "darwin", Darwin, true},
		{"linux", "darwin", Linux, true},
		{"auto", "windows", "", false},
		{"bsd", "linux", "", false},
	} {
		got, err := ResolvePlatform(tt.flag, tt.goos)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ResolvePlatform(%q, %q) = %q, %v", tt.flag, tt.goos, got, err)
		}
	}
}
