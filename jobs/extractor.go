package jobs

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/usage"
)

// Job is what an extractor gets for one project: the index it may read
// from, the sessions offered as NEW, and where it may write.
type Job struct {
	Project gemini.Project
	// Dir is where the memory's inbox and targets live.
	Dir memdir.Dir
	// Lines is the session index (NEW lines first, then old ones).
	Lines []index.Line
	// Offered are the NEW sessions of the index.
	Offered []scan.Entry
	// Eligible are all eligible sessions (older ones are supporting evidence).
	Eligible []scan.Entry
	// Redact cleans every text that leaves the process or is written.
	Redact func(string) string
	// Fence returns an error once the lock is lost; extractors check it
	// before each step that writes.
	Fence func() error
	Now   time.Time
	Log   zerolog.Logger
	// Budget is what this extraction may spend (the LLM extractor stops
	// before a request that could pass it).
	Budget usage.Budget
}

// Outcome is what an extractor reports for the run record.
type Outcome struct {
	// TerminateReason is GOAL, MAX_TURNS, TIMEOUT, ABORTED, BUDGET or
	// ERROR. A BUDGET stop is no failure: what was read is processed, the
	// rest stays new.
	TerminateReason string
	Turns           int
	// Read lists the session ids the extractor actually looked at.
	Read []string
	// Failed lists the session ids whose reading failed.
	Failed []string
	Model  string
	// Tokens is the model traffic (zero for the offline extractor).
	Tokens usage.Tokens
	// Cost is its price in dollars, nil when the model's price is unknown.
	Cost      *float64
	BytesSent int64
	// BackoffUntil, after a stop on low provider quota, is when to retry.
	BackoffUntil time.Time
	// Err is set when the run failed (it is recorded with a backoff).
	Err error
}

// Extractor turns a Job into candidates in the inbox.
type Extractor interface {
	// Name is "llm" or "offline", recorded in the state.
	Name() string
	Extract(ctx context.Context, job *Job) Outcome
}
