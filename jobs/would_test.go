package jobs

import (
	"testing"

	"github.com/automem/automem/internal/gemini"
)

// TestWouldWithoutMemoryTarget: a project with no memory dir to write into
// (a Claude Code or Codex root Gemini CLI never opened) is reported by the
// dry run as the real run would end: no memory target.
func TestWouldWithoutMemoryTarget(t *testing.T) {
	p := &project{t: Target{Source: SourceClaude, Project: gemini.Project{ID: "beta", Root: "/src/beta"}}}
	if got := p.would(); got != StatusNoMemory {
		t.Fatalf("would = %q, want %q", got, StatusNoMemory)
	}
}
