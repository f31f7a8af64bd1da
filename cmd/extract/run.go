package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/jobs"
)

// RunCmd is one extraction cycle.
type RunCmd struct {
	cli.LogFlags

	DryRun          bool          `help:"Show what a run would do: no lock, no model, no writes but the scan cache." env:"AUTOMEM_DRY_RUN"`
	JSON            bool          `name:"json" help:"Print the run report as JSON on stdout." env:"AUTOMEM_JSON"`
	ShowRedactions  bool          `help:"With --dry-run: count, per session, the secrets that would be redacted (never printed)." env:"AUTOMEM_SHOW_REDACTIONS"`
	Project         string        `help:"Only the project containing this directory." type:"path" placeholder:"DIR" env:"AUTOMEM_PROJECT"`
	Source          string        `help:"Transcripts to scan (${enum})." enum:"gemini,claude,codex,antigravity,all" default:"all" env:"AUTOMEM_SOURCE"`
	Targets         string        `help:"Whose memory gets the candidates: own (each session's own agent), all, or a list such as gemini,claude; one decision in inbox then applies to every target." default:"own" env:"AUTOMEM_TARGETS"`
	ProjectFile     bool          `help:"Send facts a teammate also needs (verification commands, build, test and deploy conventions, code rules) to the repository's shared <root>/GEMINI.md or <root>/CLAUDE.md as project items; personal facts stay private. Off: each project's setting decides (inbox project-file; off unless set). Codex always uses <root>/AGENTS.md." env:"AUTOMEM_PROJECT_FILE"`
	Now             cli.Time      `help:"Replace the clock for idle checks (RFC3339, e.g. 2026-05-01T09:00:00Z)." placeholder:"TIME" env:"AUTOMEM_NOW"`
	MinIdle         time.Duration `help:"Least time since a session's last update." default:"3h" min:"0s" max:"720h" env:"AUTOMEM_MIN_IDLE"`
	MinUserMessages int           `help:"Least number of genuine human turns in a session." default:"10" min:"1" max:"10000" env:"AUTOMEM_MIN_USER_MESSAGES"`
	IndexSize       int           `help:"Most lines in the session index." default:"50" min:"1" max:"10000" env:"AUTOMEM_INDEX_SIZE"`
	MaxNew          int           `help:"Most NEW sessions offered per run." default:"10" min:"1" max:"1000" env:"AUTOMEM_MAX_NEW"`
	Interval        time.Duration `help:"Least time between two runs on a project (throttle)." default:"30m" min:"0s" max:"720h" env:"AUTOMEM_INTERVAL"`
	LockStale       time.Duration `help:"A lock whose heartbeat is older than this is stale." default:"35m" min:"10m" max:"24h" env:"AUTOMEM_LOCK_STALE"`
	Force           bool          `help:"Ignore the throttle and a failed run's backoff (no environment variable: a forgotten one would defeat every throttle)."`

	Extractor      string        `help:"Extractor: auto (LLM when a key is configured, else offline), llm or offline (${enum})." enum:"auto,llm,offline" default:"auto" env:"AUTOMEM_EXTRACTOR"`
	BaseURL        string        `name:"base-url" help:"OpenAI-compatible endpoint (default: OpenAI, or Gemini's when only GEMINI_API_KEY is set)." placeholder:"URL" env:"AUTOMEM_BASE_URL"`
	Model          string        `help:"Model name (default depends on the endpoint)." env:"AUTOMEM_MODEL"`
	APIKeyFile     string        `name:"api-key-file" help:"File holding the API key (a key is never taken as a flag value)." type:"path" placeholder:"FILE" env:"AUTOMEM_API_KEY_FILE"`
	MaxTurns       int           `help:"Most model turns per run." default:"30" min:"1" max:"1000" env:"AUTOMEM_MAX_TURNS"`
	MaxTime        time.Duration `help:"Most wall time of one extraction." default:"30m" min:"1s" max:"24h" env:"AUTOMEM_MAX_TIME"`
	RequestTimeout time.Duration `help:"Timeout of one model request." default:"5m" min:"100ms" max:"1h" env:"AUTOMEM_REQUEST_TIMEOUT"`
	ElideAfter     int           `help:"Send a large tool result (a transcript page) with this many later requests only, then a stub (0 keeps all; more context, more traffic)." default:"1" min:"0" max:"1000" env:"AUTOMEM_ELIDE_AFTER"`
	BudgetFlags
	UpkeepFlags

	ClaudeDir string `help:"Claude Code config dir." type:"path" default:"${claude_dir}" env:"CLAUDE_CONFIG_DIR"`
	CodexHome string `help:"Codex home dir." type:"path" default:"${codex_home}" env:"CODEX_HOME"`
	CacheDir  string `help:"Dir of the disposable scan cache." type:"path" default:"${cache_dir}" env:"AUTOMEM_CACHE_DIR"`
}

// Run performs the cycle and prints the report.
func (c *RunCmd) Run(ctx context.Context, env *cli.Env) error {
	cfg, err := c.config(env)
	if err != nil {
		return err
	}
	deps := jobs.Deps{NewRedactor: func() (*redact.Redactor, error) { return redact.New(redact.Options{}) }}
	x, xerr := c.extractor(env)
	switch {
	case xerr != nil && !c.DryRun:
		return xerr
	case xerr == nil && x.Name() == (&jobs.LLM{}).Name():
		llm := x.(*jobs.LLM)
		if cfg.Budget, err = c.budget(env, llm.Agent.Model, c.ElideAfter); err != nil {
			return err
		}
	}
	if xerr == nil {
		// A dry run never calls it, but its throttle and budget checks
		// are the chosen extractor's, as in the real run.
		deps.Extractor = x
	}
	rep, err := jobs.Run(ctx, cfg, deps)
	if err != nil && len(rep.Projects) == 0 {
		return exitError(err)
	}
	if c.JSON {
		if werr := writeJSON(env, &rep); werr != nil {
			return fmt.Errorf("write report: %w", werr)
		}
	} else {
		printReport(env, rep, c.lookedDirs(env))
	}
	return exitError(err)
}

// exitError maps a run's error to its exit status: 75 skipped, 130
// interrupted (a stop or Ctrl-C, not a failure), else as it is.
func exitError(err error) error {
	switch {
	case errors.Is(err, jobs.ErrSkipped):
		return cli.Skipped(err)
	case errors.Is(err, jobs.ErrInterrupted):
		return cli.Interrupted(err)
	}
	return err
}

// writeJSON prints the report: indented for a person, one compact line
// (streamed, see Report.WriteJSON) for programs.
func writeJSON(env *cli.Env, rep *jobs.Report) error {
	if !env.StdoutTTY {
		return rep.WriteJSON(env.Stdout)
	}
	bw := bufio.NewWriter(env.Stdout)
	enc := json.NewEncoder(bw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return err
	}
	return bw.Flush()
}

// config builds the cycle's configuration from the flags, and the logger.
func (c *RunCmd) config(env *cli.Env) (jobs.Config, error) {
	log, err := cli.NewLogger(env.Stderr, env.StderrTTY, c.LogLevel, c.LogFormat)
	if err != nil {
		return jobs.Config{}, err
	}
	env.Log = log
	now := env.Now()
	if !c.Now.IsZero() {
		now = c.Now.Time
	}
	// An empty variable (CLAUDE_CONFIG_DIR=) means unset, not "the current dir".
	defaults := cli.DefaultDirs(env)
	if c.ClaudeDir == "" {
		c.ClaudeDir = defaults["claude_dir"]
	}
	if c.CodexHome == "" {
		c.CodexHome = defaults["codex_home"]
	}
	if c.CacheDir == "" {
		c.CacheDir = defaults["cache_dir"]
	}
	if c.StateDir == "" {
		c.StateDir = defaults["state_dir"]
	}
	targets, err := target.Parse(c.Targets)
	if err != nil {
		return jobs.Config{}, cli.Usage(fmt.Errorf("--targets: %w", err))
	}
	return jobs.Config{
		Targets: targets, ProjectFile: c.ProjectFile,
		GeminiDir: gemini.Dir(env.Getenv, env.Home), ClaudeDir: c.ClaudeDir, CodexHome: c.CodexHome, Home: env.Home,
		CacheDir: c.CacheDir, StateDir: c.StateDir, Source: c.Source, Project: c.Project, Now: now,
		MinIdle: c.MinIdle, MinUserMessages: c.MinUserMessages, IndexSize: c.IndexSize, MaxNew: c.MaxNew,
		Interval: c.Interval, LockStale: c.LockStale, Force: c.Force, DryRun: c.DryRun,
		ShowRedactions: c.ShowRedactions, Log: log, Upkeep: c.UpkeepFlags.config(),
	}, nil
}
