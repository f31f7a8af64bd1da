// Package jobs is the extract cycle (DESIGN §3) and its composition. Run
// takes every project through these stages, each a named function:
//
//   - Discover (discover.go): find the projects and scan their transcripts,
//     through the scan cache; mergeByMemory joins sources of one memory.
//   - plan (cycle.go): read the state once without the lock, build the
//     session index from it and fill the project's report. A dry run stops
//     here (dryRun).
//   - extract (cycle.go), a list of calls: needed (anything NEW?),
//     spendable (is the run's and the day's model budget left?), lock,
//     reload (the state once more, under the lock), throttle, reindex,
//     runExtractor (the LLM or Offline Extractor), validate (redact,
//     sanitise, validate and quarantine the candidates, postprocess.go) and
//     record (the run and its verdicts, fenced by the lock).
//   - indexRecall (run.go): refresh the local search index after the records.
//   - summarize and outcome (run.go): the summary line and the run's error.
//
// A stage ends a project with a skip (a report status) or an error (failed);
// the state is read twice per project at most and the index built twice.
package jobs

import (
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/skills"
	"github.com/automem/automem/internal/target"
)

// Sources that can be scanned.
const (
	SourceGemini = "gemini"
	SourceClaude = "claude"
	SourceCodex  = "codex"
	// SourceAntigravity is Antigravity CLI (agy), Gemini CLI's successor.
	SourceAntigravity = "antigravity"
	SourceAll         = "all"
)

// Config is everything one run needs; cmd/extract fills it from flags.
type Config struct {
	// GeminiDir is ~/.gemini (or $GEMINI_CLI_HOME/.gemini).
	GeminiDir string
	// ClaudeDir is $CLAUDE_CONFIG_DIR or ~/.claude.
	ClaudeDir string
	// CodexHome is $CODEX_HOME or ~/.codex.
	CodexHome string
	// Home is the user's home directory: Codex loads user skills from
	// ~/.agents/skills ("" leaves that folder out).
	Home string
	// CacheDir holds the disposable scan cache ("" disables it).
	CacheDir string
	// StateDir is automem's state dir: the inbox, lock and state of the
	// agents that have no inbox of their own live in its projects/ dir.
	StateDir string
	// Source chooses the transcripts: gemini, claude, codex or all.
	Source string
	// Project, when set, narrows the run to the project containing it.
	Project string
	// Targets, when set, are the agents whose memory receives every
	// session's candidates, whichever agent recorded it (the first that
	// has a memory for the project extracts; one decision then applies to
	// all). Empty: each session goes to its own agent's memory.
	Targets []string
	// ProjectFile sends the facts a teammate also needs to the
	// repository's shared file (<root>/GEMINI.md, <root>/CLAUDE.md) in every
	// project this run; off, each project's own setting (inbox
	// project-file) decides. Codex writes <root>/AGENTS.md either way.
	ProjectFile bool

	Now             time.Time
	MinIdle         time.Duration
	MinUserMessages int
	IndexSize       int
	MaxNew          int
	Interval        time.Duration
	LockStale       time.Duration
	Force           bool
	DryRun          bool
	ShowRedactions  bool
	// Budget bounds and accounts the model traffic of the LLM extractor.
	Budget Budget
	// Upkeep is the memory upkeep pass after extraction.
	Upkeep UpkeepConfig

	// Clock is the wall clock for lock ages, file names and run durations
	// (nil: time.Now); Now only replaces the reference time of idle checks
	// and run records.
	Clock func() time.Time

	Log zerolog.Logger
	// listing, when set, is called when Discover finds transcripts to
	// scan (see startListing): a run builds its redactor meanwhile.
	listing func()
}

// clock returns cfg.Clock, or time.Now when it is not set.
func (cfg Config) clock() func() time.Time {
	if cfg.Clock != nil {
		return cfg.Clock
	}
	return time.Now
}

// settingsOf is a root's settings in automem's state dir (inbox targets,
// inbox project-file); none saved, or unreadable (warned), is the zero value.
func (cfg Config) settingsOf(root string) target.Settings {
	if cfg.StateDir == "" || root == "" {
		return target.Settings{}
	}
	s, err := target.LoadSettings(cfg.StateDir, root)
	if err != nil {
		cfg.Log.Warn().Err(err).Str("root", root).Msg("project settings ignored")
		return target.Settings{}
	}
	return s
}

// projectFileOf reports whether facts a teammate needs go to a root's
// shared file: --project-file (AUTOMEM_PROJECT_FILE), else the project's
// setting.
func (cfg Config) projectFileOf(root string) bool {
	return root != "" && (cfg.ProjectFile || cfg.settingsOf(root).ProjectFile)
}

// layout is where the files of an agent's memory of a project live; the
// project's root is the workspace whose skills count. ok is false when the
// agent has no memory for it: Gemini CLI without a project of that root,
// Claude Code and Codex without a root or a state dir.
func (cfg Config) layout(agent string, p gemini.Project) (memdir.Dir, bool) {
	switch agent {
	case SourceGemini:
		if p.MemoryDir == "" {
			return memdir.Dir{}, false
		}
		projectRoot := ""
		if cfg.projectFileOf(p.Root) {
			projectRoot = p.Root
		}
		return gemini.Layout(cfg.GeminiDir, p.MemoryDir, p.Root, projectRoot), true
	case SourceClaude:
		if p.Root == "" || cfg.StateDir == "" || cfg.ClaudeDir == "" {
			return memdir.Dir{}, false
		}
		return claude.Layout(cfg.ClaudeDir, target.Data(cfg.StateDir, agent, p.Root), p.Root, cfg.projectFileOf(p.Root)), true
	case SourceCodex:
		if p.Root == "" || cfg.StateDir == "" || cfg.CodexHome == "" {
			return memdir.Dir{}, false
		}
		return codex.Layout(skills.Homes{Home: cfg.Home, Codex: cfg.CodexHome}, target.Data(cfg.StateDir, agent, p.Root), p.Root), true
	}
	return memdir.Dir{}, false
}
