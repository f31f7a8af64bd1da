package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/ledger"
	"github.com/automem/automem/internal/schedule"
	"github.com/automem/automem/internal/usage"
)

// recorder is a hand-written fake schedule.Runner: it records each command
// line and answers from a table; absent marks programs that are not
// installed.
type recorder struct {
	calls   []string
	answers map[string]schedule.Result
	absent  map[string]bool
}

func (r *recorder) Run(_ context.Context, argv []string) (schedule.Result, error) {
	line := strings.Join(argv, " ")
	r.calls = append(r.calls, line)
	if r.absent[argv[0]] {
		return schedule.Result{}, fmt.Errorf("run %s: %w", argv[0], exec.ErrNotFound)
	}
	return r.answers[line], nil
}

type scheduleOnly struct {
	Schedule ScheduleCmd `cmd:""`
}

// runSchedule parses and runs a schedule command the way main does, with
// the fake runner and uid 501 wired into every subcommand.
func runSchedule(t *testing.T, env *cli.Env, r schedule.Runner, args ...string) (string, int) {
	t.Helper()
	var root scheduleOnly
	for _, p := range []*schedulePlatform{&root.Schedule.Install.schedulePlatform, &root.Schedule.Uninstall.schedulePlatform, &root.Schedule.Status.schedulePlatform} {
		p.runner = r
		p.uid = func() int { return 501 }
		p.tempDirs = func() []string {
			return []string{filepath.Join(env.Home, "tmp"), filepath.Join(env.Home, "cache", "go-build")}
		}
	}
	var stderr bytes.Buffer
	exited := -1
	parser, err := kong.New(&root, kong.Name("extract"), kong.Writers(env.Stdout, &stderr),
		kong.Exit(func(c int) { exited = c }),
		kong.BindTo(context.Background(), (*context.Context)(nil)), kong.Bind(env), kong.Vars(vars(env)))
	if err != nil {
		t.Fatal(err)
	}
	kctx, err := parser.Parse(args)
	if exited >= 0 {
		return stderr.String(), exited
	}
	if err != nil {
		return err.Error(), 80
	}
	err = kctx.Run()
	if err != nil {
		stderr.WriteString(err.Error())
	}
	return stderr.String(), cli.Code(err)
}

func testEnv(t *testing.T) (*cli.Env, *bytes.Buffer, string) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "Home Dir")
	var out bytes.Buffer
	return &cli.Env{
		Stdout: &out, Stderr: &bytes.Buffer{},
		Getenv: func(string) string { return "" },
		Home:   home,
		Exe:    filepath.Join(home, "My Apps", "bin", "extract"),
		Now:    func() time.Time { return time.Date(2026, 11, 30, 7, 30, 0, 0, time.UTC) },
		Log:    zerolog.Nop(),
	}, &out, home
}

func TestScheduleInstallPrintLinux(t *testing.T) {
	env, out, home := testEnv(t)
	r := &recorder{}
	msg, code := runSchedule(t, env, r, "schedule", "install", "--print", "--platform", "linux", "--every", "6h")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	if len(r.calls) != 0 {
		t.Errorf("--print ran commands: %q", r.calls)
	}
	for _, w := range []string{
		"# write '" + filepath.Join(home, ".config", "systemd", "user", "automem-extract.service") + "' (mode 0644)\n",
		"\nExecStart=\"" + env.Exe + "\"\n",
		"\nOnCalendar=*-*-* 00/6:00:00\n",
		"\nsystemctl --user daemon-reload\nsystemctl --user enable --now automem-extract.timer\n",
		"loginctl enable-linger $USER",
		"0 */6 * * * mkdir -p '" + filepath.Join(home, ".cache", "automem") + "' && '" + env.Exe + "' >>",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("--print created files under home: %v", err)
	}
}

func TestScheduleInstallPrintDarwin(t *testing.T) {
	env, out, home := testEnv(t)
	msg, code := runSchedule(t, env, &recorder{}, "schedule", "install", "--print", "--platform=darwin", "--every=30m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	plist := filepath.Join(home, "Library", "LaunchAgents", "io.automem.extract.plist")
	for _, w := range []string{
		"# write '" + plist + "' (mode 0644)\n",
		"<string>" + env.Exe + "</string>",
		"<key>Minute</key>\n\t\t\t<integer>30</integer>",
		"launchctl bootstrap gui/501 '" + plist + "'\n",
		"launchctl bootout gui/501/io.automem.extract || true\n",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	// The printed plist is the file that would be written: cut it out
	// and parse it.
	s := out.String()
	start := strings.Index(s, "<?xml")
	end := strings.Index(s, "</plist>")
	if start < 0 || end < start {
		t.Fatalf("no plist in output:\n%s", s)
	}
	a, err := schedule.ParseAgent(strings.NewReader(s[start : end+len("</plist>")]))
	if err != nil {
		t.Fatal(err)
	}
	if a.StandardOutPath != filepath.Join(home, "Library", "Logs", "automem", "extract.log") || len(a.Slots) != 2 {
		t.Errorf("agent = %+v", a)
	}
}

func TestScheduleInstallEnables(t *testing.T) {
	env, out, home := testEnv(t)
	r := &recorder{}
	msg, code := runSchedule(t, env, r, "schedule", "install", "--platform", "linux")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	want := []string{
		"systemctl --user show --property=Version",
		"systemctl --user daemon-reload",
		"systemctl --user enable --now automem-extract.timer",
	}
	if !reflect.DeepEqual(r.calls, want) {
		t.Errorf("commands =\n%q\nwant\n%q", r.calls, want)
	}
	if _, err := os.Stat(filepath.Join(home, ".config", "systemd", "user", "automem-extract.timer")); err != nil {
		t.Error(err)
	}
	if !strings.Contains(out.String(), "installed linux timer\n") || !strings.Contains(out.String(), "loginctl enable-linger") {
		t.Errorf("output:\n%s", out)
	}

	r.calls = nil
	out.Reset()
	msg, code = runSchedule(t, env, r, "schedule", "uninstall", "--platform", "linux")
	if code != 0 {
		t.Fatalf("uninstall exit %d: %s", code, msg)
	}
	want = []string{
		"systemctl --user show --property=Version",
		"systemctl --user disable --now automem-extract.timer",
		"systemctl --user daemon-reload",
		"systemctl --user reset-failed automem-extract.service automem-extract.timer",
	}
	if !reflect.DeepEqual(r.calls, want) {
		t.Errorf("uninstall commands =\n%q\nwant\n%q", r.calls, want)
	}
	if _, err := os.Stat(filepath.Join(home, ".config", "systemd", "user", "automem-extract.timer")); !os.IsNotExist(err) {
		t.Errorf("timer file still there: %v", err)
	}
}

func TestScheduleInstallDarwinEnables(t *testing.T) {
	env, _, home := testEnv(t)
	r := &recorder{}
	msg, code := runSchedule(t, env, r, "schedule", "install", "--platform", "darwin", "--every", "1d")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	plist := filepath.Join(home, "Library", "LaunchAgents", "io.automem.extract.plist")
	want := []string{
		"launchctl print gui/501",
		"launchctl bootout gui/501/io.automem.extract",
		"launchctl enable gui/501/io.automem.extract",
		"launchctl bootstrap gui/501 " + plist,
	}
	if !reflect.DeepEqual(r.calls, want) {
		t.Errorf("commands =\n%q\nwant\n%q", r.calls, want)
	}
}

func TestScheduleRefusesWithoutSystemd(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *recorder
		why  string
	}{
		{"no bus", &recorder{answers: map[string]schedule.Result{
			"systemctl --user show --property=Version": {ExitCode: 1, Stderr: []byte("Failed to connect to bus: No medium found\n")},
		}}, "Failed to connect to bus"},
		{"no binary", &recorder{absent: map[string]bool{"systemctl": true}}, "systemctl is not installed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, out, home := testEnv(t)
			msg, code := runSchedule(t, env, tc.r, "schedule", "install", "--platform", "linux")
			if code != cli.ExitFailed || !strings.Contains(msg, tc.why) {
				t.Fatalf("exit %d, %q; want 1 mentioning %q", code, msg, tc.why)
			}
			if len(tc.r.calls) != 1 {
				t.Errorf("ran more than the probe: %q", tc.r.calls)
			}
			cron := "0 * * * * mkdir -p '" + filepath.Join(home, ".cache", "automem") + "' && '" + env.Exe + "' >>'" + filepath.Join(home, ".cache", "automem", "extract.log") + "' 2>&1\n"
			if !strings.Contains(out.String(), cron) || !strings.Contains(out.String(), "crontab -e") {
				t.Errorf("no crontab line in output:\n%s", out)
			}
			if _, err := os.Stat(home); !os.IsNotExist(err) {
				t.Errorf("refusal wrote files: %v", err)
			}
		})
	}
}

func TestScheduleUninstallWithoutSystemdRemovesFiles(t *testing.T) {
	env, _, home := testEnv(t)
	ok := &recorder{}
	if msg, code := runSchedule(t, env, ok, "schedule", "install", "--platform", "linux"); code != 0 {
		t.Fatalf("install: %d %s", code, msg)
	}
	gone := &recorder{absent: map[string]bool{"systemctl": true}}
	if msg, code := runSchedule(t, env, gone, "schedule", "uninstall", "--platform", "linux"); code != 0 {
		t.Fatalf("uninstall: %d %s", code, msg)
	}
	if len(gone.calls) != 1 {
		t.Errorf("ran commands without a scheduler: %q", gone.calls)
	}
	if _, err := os.Stat(filepath.Join(home, ".config", "systemd", "user", "automem-extract.service")); !os.IsNotExist(err) {
		t.Errorf("service file still there: %v", err)
	}
}

func TestScheduleInstallRejectsBadEvery(t *testing.T) {
	env, _, _ := testEnv(t)
	r := &recorder{}
	msg, code := runSchedule(t, env, r, "schedule", "install", "--every", "7m", "--platform", "linux")
	if code != 80 || !strings.Contains(msg, "divide an hour") {
		t.Fatalf("exit %d, %q; want 80 with a reason", code, msg)
	}
	if len(r.calls) != 0 {
		t.Errorf("ran %q", r.calls)
	}
}

func TestScheduleInstallRefusesTempBuild(t *testing.T) {
	for _, rel := range []string{"tmp/go-build123/b001/exe/extract", "cache/go-build/6f/6fa1e2-d/extract"} {
		env, _, home := testEnv(t)
		env.Exe = filepath.Join(home, filepath.FromSlash(rel))
		r := &recorder{}
		msg, code := runSchedule(t, env, r, "schedule", "install", "--platform", "linux")
		if code != cli.ExitFailed || !strings.Contains(msg, "go install") {
			t.Fatalf("%s: exit %d, %q", rel, code, msg)
		}
		if len(r.calls) != 0 {
			t.Errorf("%s: ran %q", rel, r.calls)
		}
	}
	// "go-build" in a lasting path is not a temporary build.
	env, out, home := testEnv(t)
	env.Exe = filepath.Join(home, "src", "go-build-tools", "bin", "extract")
	if msg, code := runSchedule(t, env, &recorder{}, "schedule", "install", "--print", "--platform", "linux"); code != 0 || strings.Contains(out.String(), "temporary build") {
		t.Fatalf("exit %d, %q\n%s", code, msg, out)
	}
}

func TestIsTempBuild(t *testing.T) {
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	os.MkdirAll(filepath.Join(tmp, "go-build1"), 0o755)
	link := filepath.Join(dir, "tmplink")
	if err := os.Symlink(tmp, link); err != nil {
		t.Skip(err)
	}
	for _, c := range []struct {
		exe  string
		want bool
	}{
		{filepath.Join(tmp, "go-build1", "extract"), true},
		{filepath.Join(link, "go-build1", "extract"), true}, // through a symlink
		{filepath.Join(dir, "tmpx", "extract"), false},      // a sibling with the same prefix
		{filepath.Join(dir, "bin", "extract"), false},
	} {
		if got := isTempBuild(c.exe, []string{tmp}); got != c.want {
			t.Errorf("isTempBuild(%s) = %v, want %v", c.exe, got, c.want)
		}
	}
}

func TestScheduleStatus(t *testing.T) {
	env, out, home := testEnv(t)
	// Today's spend comes from the usage ledger: one run today, one yesterday.
	led := ledger.Ledger{Path: ledger.Path(filepath.Join(home, ".local", "state", "automem")), Loc: time.UTC}
	for _, e := range []ledger.Entry{
		{At: env.Now().Add(-24 * time.Hour), Project: "p", Tokens: usage.Tokens{In: 9000, Out: 900}},
		{At: env.Now().Add(-time.Hour), Project: "p", Tokens: usage.Tokens{In: 12000, Out: 345}},
	} {
		if err := led.Add(context.Background(), e, env.Now()); err != nil {
			t.Fatal(err)
		}
	}
	r := &recorder{answers: map[string]schedule.Result{
		"systemctl --user show automem-extract.timer --property=ActiveState,UnitFileState,NextElapseUSecRealtime,LastTriggerUSec": {
			Stdout: []byte("ActiveState=active\nUnitFileState=enabled\nNextElapseUSecRealtime=Mon 2026-11-30 08:04:00 UTC\nLastTriggerUSec=Mon 2026-11-30 07:02:00 UTC\n")},
		"systemctl --user show automem-extract.service --property=ActiveState,Result,ExecMainStatus,ExecMainExitTimestamp": {
			Stdout: []byte("ActiveState=inactive\nResult=success\nExecMainStatus=0\nExecMainExitTimestamp=Mon 2026-11-30 07:02:09 UTC\n")},
	}}
	msg, code := runSchedule(t, env, r, "schedule", "status", "--platform", "linux")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	for _, w := range []string{"next run: Mon 2026-11-30 08:04:00 UTC\n", "last run: Mon 2026-11-30 07:02:09 UTC, exit status 0 (done)\n", "installed: no",
		"spent today: 12,345 tokens (12,000 in, 345 out), 1 run\n"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("status lacks %q:\n%s", w, out)
		}
	}
	out.Reset()
	if msg, code := runSchedule(t, env, r, "schedule", "status", "--platform", "linux", "--json"); code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	if !strings.Contains(out.String(), `"nextRun": "Mon 2026-11-30 08:04:00 UTC"`) || !strings.Contains(out.String(), `"in": 12000`) {
		t.Errorf("json status:\n%s", out)
	}
}

func TestScheduleHelpShowsEnvAndDefaults(t *testing.T) {
	env, out, _ := testEnv(t)
	_, code := runSchedule(t, env, &recorder{}, "schedule", "install", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, w := range []string{"AUTOMEM_SCHEDULE_EVERY", "(default: 1h)", "AUTOMEM_SCHEDULE_PLATFORM", "(default: auto)", "AUTOMEM_SCHEDULE_PRINT"} {
		if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), w) {
			t.Errorf("help lacks %q:\n%s", w, out)
		}
	}
}
