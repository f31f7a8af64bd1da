package upkeep

import (
	"time"

	"github.com/automem/automem/internal/transcript"
)

// Session is one processed session as upkeep sees it. Its messages are
// already redacted: quotes from them end up in the evidence file.
type Session struct {
	ID       string
	At       time.Time // last updated
	Messages []transcript.Message
}

// Proof is why upkeep proposes a line: one session and message, and a
// short quote from it.
type Proof struct {
	SessionID, MessageID, Quote string
	At                          time.Time
}

// Tree says what the project's working tree no longer has; internal/fresh
// implements it over the git index or one directory walk.
type Tree interface {
	// Missing lists the references in a memory line that name something
	// the working tree no longer has (a path, file, script, make or just
	// target, npm script, package or command), each as written in the
	// line, so it can be quoted and looked for in sessions. It is nil when
	// everything exists or nothing is named surely: a false "stale" is
	// worse than a missed one.
	Missing(line string) []string
}
