package schedule

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rs/zerolog"
)

// Platform is the scheduler family a plan targets.
type Platform string

// The supported platforms.
const (
	Linux  Platform = "linux"  // systemd user timer
	Darwin Platform = "darwin" // launchd LaunchAgent
)

// ResolvePlatform turns the --platform flag into a Platform; "auto" follows
// the operating system the binary runs on (goos, i.e. runtime.GOOS).
func ResolvePlatform(flag, goos string) (Platform, error) {
	if flag == "" || flag == "auto" {
		flag = goos
	}
	switch Platform(flag) {
	case Linux, Darwin:
		return Platform(flag), nil
	}
	return "", fmt.Errorf("no scheduler support for platform %q; use cron (see `extract schedule install --print`)", flag)
}

// File is one file a plan writes.
type File struct {
	Path string
	Data []byte
	Mode fs.FileMode
}

// Step is one action of a plan; exactly one of Write, Mkdir, Remove or Run
// is set.
type Step struct {
	Write  *File
	Mkdir  string
	Remove string
	Run    []string
	// MayFail marks a command whose failure is expected in some states
	// (booting out an agent that is not loaded) and only logged.
	MayFail bool
}

// Plan is everything install or uninstall will do, in order, plus notes
// for the person. --print shows it; Apply carries it out.
type Plan struct {
	Platform Platform
	Steps    []Step
	Notes    []string
}

// Scheduler binds a platform to a user's paths and to the runner that
// reaches systemctl or launchctl.
type Scheduler struct {
	Platform Platform
	Paths    Paths
	// UID selects the launchd GUI domain (gui/<uid>).
	UID    int
	Runner Runner
	Log    zerolog.Logger
}

func (s Scheduler) systemctl(args ...string) []string {
	return append([]string{"systemctl", "--user"}, args...)
}

func (s Scheduler) guiDomain() string { return "gui/" + strconv.Itoa(s.UID) }

func (s Scheduler) plistPath() string { return filepath.Join(s.Paths.AgentDir(), Label+".plist") }

func (s Scheduler) keyFileExists() bool {
	fi, err := os.Stat(s.Paths.KeyFile())
	return err == nil && fi.Mode().IsRegular()
}

// InstallPlan renders the files for every and lists the commands that
// enable them.
func (s Scheduler) InstallPlan(every Every) (Plan, error) {
	o := Options{Paths: s.Paths, Every: every, KeyFile: s.keyFileExists()}
	p := Plan{Platform: s.Platform}
	keyNote := "API key: " + s.Paths.KeyFile() + " found; the job reads it"
	if !o.KeyFile {
		keyNote = "API key: no " + s.Paths.KeyFile() + "; the timer's environment has no shell variables, so the job will use the offline extractor. To use a model, create that file (mode 0600) and re-run `extract schedule install`"
	}
	switch s.Platform {
	case Linux:
		svc, err := RenderService(o)
		if err != nil {
			return Plan{}, err
		}
		tmr, err := RenderTimer(o)
		if err != nil {
			return Plan{}, err
		}
		p.Steps = []Step{
			{Write: &File{Path: filepath.Join(s.Paths.UnitDir(), ServiceUnit), Data: svc, Mode: 0o644}},
			{Write: &File{Path: filepath.Join(s.Paths.UnitDir(), TimerUnit), Data: tmr, Mode: 0o644}},
			{Run: s.systemctl("daemon-reload")},
			{Run: s.systemctl("enable", "--now", TimerUnit)},
		}
		p.Notes = []string{
			"runs " + s.Paths.Exe + " every " + every.String() + " (OnCalendar=" + every.OnCalendar() + ", RandomizedDelaySec=" + every.RandomizedDelay() + ")",
			keyNote,
			"to keep running while you are logged out: loginctl enable-linger $USER",
			"logs: journalctl --user -u " + ServiceUnit,
			"check: extract schedule status; review candidates: " + s.Paths.Inbox() + " review",
		}
	case Darwin:
		pl, err := RenderPlist(o)
		if err != nil {
			return Plan{}, err
		}
		target := s.guiDomain() + "/" + Label
		p.Steps = []Step{
			{Mkdir: s.Paths.LogDir()},
			{Write: &File{Path: s.plistPath(), Data: pl, Mode: 0o644}},
			{Run: []string{"launchctl", "bootout", target}, MayFail: true},
			{Run: []string{"launchctl", "enable", target}},
			{Run: []string{"launchctl", "bootstrap", s.guiDomain(), s.plistPath()}},
		}
		p.Notes = []string{
			"runs " + s.Paths.Exe + " every " + every.String(),
			keyNote,
			"logs: " + filepath.Join(s.Paths.LogDir(), "extract.log"),
			"check: extract schedule status (or plutil -lint " + s.plistPath() + "); review candidates: " + s.Paths.Inbox() + " review",
		}
	default:
		return Plan{}, fmt.Errorf("no scheduler support for platform %q", s.Platform)
	}
	return p, nil
}

// UninstallPlan stops the timer and removes the files. Commands that fail
// because nothing is installed are tolerated, so uninstall is idempotent.
func (s Scheduler) UninstallPlan() (Plan, error) {
	p := Plan{Platform: s.Platform}
	switch s.Platform {
	case Linux:
		p.Steps = []Step{
			{Run: s.systemctl("disable", "--now", TimerUnit), MayFail: true},
			{Remove: filepath.Join(s.Paths.UnitDir(), TimerUnit)},
			{Remove: filepath.Join(s.Paths.UnitDir(), ServiceUnit)},
			{Run: s.systemctl("daemon-reload")},
			{Run: s.systemctl("reset-failed", ServiceUnit, TimerUnit), MayFail: true},
		}
		p.Notes = []string{"a run already in progress finishes; memory, inbox and state files are kept"}
	case Darwin:
		p.Steps = []Step{
			{Run: []string{"launchctl", "bootout", s.guiDomain() + "/" + Label}, MayFail: true},
			{Remove: s.plistPath()},
		}
		p.Notes = []string{"logs in " + s.Paths.LogDir() + ", memory, inbox and state files are kept"}
	default:
		return Plan{}, fmt.Errorf("no scheduler support for platform %q", s.Platform)
	}
	return p, nil
}

// Print writes the plan for a person: each file in full, each command as a
// shell line, then the notes. Nothing is executed.
func (p Plan) Print(w io.Writer) error {
	var b strings.Builder
	for _, st := range p.Steps {
		switch {
		case st.Write != nil:
			fmt.Fprintf(&b, "# write %s (mode %04o)\n", ShellQuote(st.Write.Path), st.Write.Mode)
			b.Write(st.Write.Data)
			if len(st.Write.Data) > 0 && st.Write.Data[len(st.Write.Data)-1] != '\n' {
				b.WriteByte('\n')
			}
			b.WriteString("# end of " + filepath.Base(st.Write.Path) + "\n\n")
		case st.Mkdir != "":
			fmt.Fprintf(&b, "mkdir -p %s\n", ShellQuote(st.Mkdir))
		case st.Remove != "":
			fmt.Fprintf(&b, "rm -f %s\n", ShellQuote(st.Remove))
		case st.Run != nil:
			line := ShellJoin(st.Run)
			if st.MayFail {
				line += " || true"
			}
			b.WriteString(line + "\n")
		}
	}
	for _, n := range p.Notes {
		b.WriteString("# " + n + "\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("print plan: %w", err)
	}
	return nil
}

// ShellQuote quotes s for a POSIX shell when it needs it, so printed
// commands and the crontab line can be pasted as they are.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:=@%,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ShellJoin quotes and joins argv for display.
func ShellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = ShellQuote(a)
	}
	return strings.Join(q, " ")
}

// CronLine is the crontab entry to use where no user systemd or launchd is
// reachable. cron creates no directories, so the line makes the log's; and
// cron turns an unescaped % into a newline, so every % is escaped.
func CronLine(p Paths, every Every) string {
	cmd := fmt.Sprintf("mkdir -p %s && %s >>%s 2>&1",
		ShellQuote(filepath.Dir(p.CronLog())), ShellQuote(p.Exe), ShellQuote(p.CronLog()))
	return every.Cron() + " " + strings.ReplaceAll(cmd, "%", `\%`)
}

// WithoutCommands keeps only the file steps, for uninstalling where the
// scheduler cannot be reached: the files still go, nothing is run.
func (p Plan) WithoutCommands() Plan {
	out := Plan{Platform: p.Platform, Notes: p.Notes}
	for _, st := range p.Steps {
		if st.Run == nil {
			out.Steps = append(out.Steps, st)
		}
	}
	return out
}
