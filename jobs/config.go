// Package jobs is the extract cycle as named stages — discover, scan,
// index, lock, throttle, extract, validate, record, report — and their
// composition. Each stage is a plain function over explicit inputs so that
// tests can run one stage, or the whole cycle against a temp home and a
// local model server.
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
	SourceAll    = "all"
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

	Log zerolog.Logger
}

// layout is where the files of a project's memory live; the project's root
// is the workspace whose skills count.
func (cfg Config) layout(p gemini.Project) memdir.Dir {
	return gemini.Layout(cfg.GeminiDir, p.MemoryDir, p.Root)
}
