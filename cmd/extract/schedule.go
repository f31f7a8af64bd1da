package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/schedule"
)

// ScheduleCmd groups the timer commands. The timer runs this same binary,
// so installing from a `go run` build (a temp file) is refused.
type ScheduleCmd struct {
	Install   ScheduleInstallCmd   `cmd:"" help:"Write the timer files with this binary's absolute path and enable them."`
	Uninstall ScheduleUninstallCmd `cmd:"" help:"Disable the timer and remove its files (memory and inbox are kept)."`
	Status    ScheduleStatusCmd    `cmd:"" help:"Show whether the timer is installed, its next run and the last run's result."`
}

// schedulePlatform is the flag every schedule subcommand shares.
type schedulePlatform struct {
	Platform string `enum:"auto,linux,darwin" default:"auto" env:"AUTOMEM_SCHEDULE_PLATFORM" help:"Scheduler to target: linux (systemd user timer), darwin (launchd agent), or auto for this OS (default: ${default})."`

	// Test seams, unexported so kong ignores them: the runner reaching
	// systemctl/launchctl, the uid naming the launchd GUI domain and the
	// directories whose binaries are temporary builds.
	runner   schedule.Runner
	uid      func() int
	tempDirs func() []string
}

func (p *schedulePlatform) scheduler(env *cli.Env) (schedule.Scheduler, error) {
	plat, err := schedule.ResolvePlatform(p.Platform, runtime.GOOS)
	if err != nil {
		return schedule.Scheduler{}, &cli.ExitError{Code: cli.ExitFailed, Err: err}
	}
	paths, err := schedule.NewPaths(env.Home, env.Exe, env.Getenv)
	if err != nil {
		return schedule.Scheduler{}, fmt.Errorf("schedule: %w", err)
	}
	s := schedule.Scheduler{Platform: plat, Paths: paths, Runner: p.runner, Log: env.Log}
	if s.Runner == nil {
		s.Runner = schedule.ExecRunner{}
	}
	if p.uid != nil {
		s.UID = p.uid()
	} else {
		s.UID = os.Getuid()
	}
	return s, nil
}

// ScheduleInstallCmd renders and enables the timer.
type ScheduleInstallCmd struct {
	Every string `default:"1h" env:"AUTOMEM_SCHEDULE_EVERY" placeholder:"PERIOD" help:"How often to run: 5m-30m dividing an hour, 1h-12h dividing a day, or 1d (default: ${default})."`
	Print bool   `default:"false" env:"AUTOMEM_SCHEDULE_PRINT" help:"Show the files and commands without writing or running anything (default: ${default})."`
	schedulePlatform
}

// Validate rejects a bad --every at parse time, so it is a usage error.
func (c *ScheduleInstallCmd) Validate() error {
	_, err := schedule.ParseEvery(c.Every)
	return err
}

// Run implements `extract schedule install`.
func (c *ScheduleInstallCmd) Run(ctx context.Context, env *cli.Env) error {
	every, err := schedule.ParseEvery(c.Every)
	if err != nil {
		return &cli.ExitError{Code: 80, Err: err}
	}
	s, err := c.scheduler(env)
	if err != nil {
		return err
	}
	plan, err := s.InstallPlan(every)
	if err != nil {
		return fmt.Errorf("schedule install: %w", err)
	}
	dirs := c.tempDirs
	if dirs == nil {
		dirs = func() []string { return goTempDirs(ctx, env) }
	}
	temp := isTempBuild(s.Paths.Exe, dirs())
	if c.Print {
		if err := plan.Print(env.Stdout); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "# without a user systemd or launchd, use cron instead (crontab -e):\n# %s\n", schedule.CronLine(s.Paths, every))
		if temp {
			fmt.Fprintf(env.Stdout, "# warning: %s is a temporary build; install from an installed binary\n", s.Paths.Exe)
		}
		return nil
	}
	if temp {
		return fmt.Errorf("schedule install: %s is a temporary build (inside the temp dir or Go's build cache, as `go run` and `go test` make) that will be deleted; run `go install ./cmd/extract` and install from the installed binary", s.Paths.Exe)
	}
	if err := s.Check(ctx, every); err != nil {
		return refuse(env, err)
	}
	if err := s.Apply(ctx, plan); err != nil {
		return fmt.Errorf("schedule install: %w", err)
	}
	fmt.Fprintf(env.Stdout, "installed %s timer\n", s.Platform)
	for _, n := range plan.Notes {
		fmt.Fprintln(env.Stdout, n)
	}
	return nil
}

// goTempDirs are where the go tool leaves binaries that are not meant to
// last: the temp dir (`go test`, and `go run` before Go 1.24), $GOTMPDIR,
// and the build cache (`go run` since Go 1.24, trimmed by `go clean` and
// by age). GOCACHE is taken from the environment, else asked of `go env`,
// else Go's default under the user cache dir.
func goTempDirs(ctx context.Context, env *cli.Env) []string {
	dirs := []string{os.TempDir()}
	if d := env.Getenv("GOTMPDIR"); d != "" {
		dirs = append(dirs, d)
	}
	cache := env.Getenv("GOCACHE")
	if cache == "" {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if out, err := exec.CommandContext(ctx, "go", "env", "GOCACHE").Output(); err == nil {
			cache = strings.TrimSpace(string(out))
		}
	}
	if cache == "" {
		if uc, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(uc, "go-build")
		}
	}
	if cache != "" && cache != "off" {
		dirs = append(dirs, cache)
	}
	return dirs
}

// isTempBuild says whether exe lies inside one of dirs (symlinks resolved
// on both sides, so /tmp and /private/tmp match): a timer pointing at such
// a binary would fail once it is cleaned away. A path that merely contains
// "go-build" elsewhere is not temporary.
func isTempBuild(exe string, dirs []string) bool {
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
			return filepath.Join(r, filepath.Base(p))
		}
		return filepath.Clean(p)
	}
	exe = real(exe)
	for _, d := range dirs {
		if d == "" {
			continue
		}
		rel, err := filepath.Rel(real(d), exe)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// refuse prints what to do instead when no scheduler is reachable; the
// crontab line goes to stdout so it can be piped into a file.
func refuse(env *cli.Env, err error) error {
	var ue *schedule.UnavailableError
	if errors.As(err, &ue) {
		fmt.Fprint(env.Stdout, ue.Hint())
	}
	return &cli.ExitError{Code: cli.ExitFailed, Err: fmt.Errorf("schedule: %w", err)}
}

// ScheduleUninstallCmd disables the timer and removes its files.
type ScheduleUninstallCmd struct {
	Print bool `default:"false" env:"AUTOMEM_SCHEDULE_PRINT" help:"Show the commands without running anything (default: ${default})."`
	schedulePlatform
}

// Run implements `extract schedule uninstall`.
func (c *ScheduleUninstallCmd) Run(ctx context.Context, env *cli.Env) error {
	s, err := c.scheduler(env)
	if err != nil {
		return err
	}
	plan, err := s.UninstallPlan()
	if err != nil {
		return fmt.Errorf("schedule uninstall: %w", err)
	}
	if c.Print {
		return plan.Print(env.Stdout)
	}
	if err := s.Check(ctx, schedule.Every{}); err != nil {
		// Nothing can be running without a reachable scheduler; still
		// remove the files so a later install starts clean.
		env.Log.Warn().Err(err).Msg("scheduler not reachable; removing files only")
		plan = plan.WithoutCommands()
	}
	if err := s.Apply(ctx, plan); err != nil {
		return fmt.Errorf("schedule uninstall: %w", err)
	}
	fmt.Fprintf(env.Stdout, "removed %s timer\n", s.Platform)
	for _, n := range plan.Notes {
		fmt.Fprintln(env.Stdout, n)
	}
	return nil
}

// ScheduleStatusCmd reports on the installed timer.
type ScheduleStatusCmd struct {
	JSON     bool   `name:"json" default:"false" env:"AUTOMEM_JSON" help:"Print the status as JSON (default: ${default})."`
	StateDir string `help:"automem's state dir (the usage ledger)." type:"path" default:"${state_dir}" env:"AUTOMEM_STATE_DIR"`
	schedulePlatform
}

// Run implements `extract schedule status`.
func (c *ScheduleStatusCmd) Run(ctx context.Context, env *cli.Env) error {
	s, err := c.scheduler(env)
	if err != nil {
		return err
	}
	st, err := s.Status(ctx, env.Now())
	if err != nil {
		return fmt.Errorf("schedule status: %w", err)
	}
	if today, err := (&BudgetFlags{StateDir: c.StateDir}).ledger(env).Today(env.Now()); err == nil {
		st.Today = &today
	} else {
		env.Log.Warn().Err(err).Msg("usage ledger unreadable")
	}
	if c.JSON {
		return st.WriteJSON(env.Stdout)
	}
	return st.WriteText(env.Stdout)
}
