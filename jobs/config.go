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

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
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
	// CacheDir holds the disposable scan cache ("" disables it).
	CacheDir string
	// Source chooses the transcripts: gemini, claude, codex or all.
	Source string
	// Project, when set, narrows the run to the project containing it.
	Project string

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
}

// clock returns cfg.Clock, or time.Now when it is not set.
func (cfg Config) clock() func() time.Time {
	if cfg.Clock != nil {
		return cfg.Clock
	}
	return time.Now
}

// layout is where the files of a project's memory live; the project's root
// is the workspace whose skills count.
func (cfg Config) layout(p gemini.Project) memdir.Dir {
	return gemini.Layout(cfg.GeminiDir, p.MemoryDir, p.Root)
}
