package jobs

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/scan"
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
}

// Outcome is what an extractor reports for the run record.
type Outcome struct {
	// TerminateReason is GOAL, MAX_TURNS, TIMEOUT, ABORTED or ERROR.
	TerminateReason string
	Turns           int
	// Read lists the session ids the extractor actually looked at.
	Read []string
	// Failed lists the session ids whose reading failed.
	Failed           []string
	Model            string
	PromptTokens     int
	CompletionTokens int
	BytesSent        int64
	// Err is set when the run failed (it is recorded with a backoff).
	Err error
}

// Extractor turns a Job into candidates in the inbox.
type Extractor interface {
	// Name is "llm" or "offline", recorded in the state.
	Name() string
	Extract(ctx context.Context, job *Job) Outcome
}
