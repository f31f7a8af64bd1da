package jobs

import (
	"testing"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/transcript"
)

func TestMergeByMemory(t *testing.T) {
	e := func(id string) scan.Entry { return scan.Entry{Session: transcript.Session{ID: id}} }
	p := gemini.Project{ID: "alpha", Root: "/src/alpha", MemoryDir: "/m/alpha"}
	q := gemini.Project{ID: "beta", Root: "/src/beta", MemoryDir: "/m/beta"}
	orphan := gemini.Project{ID: "x", Root: "/src/x"}
	// Claude Code and Codex sessions of alpha sent to its Gemini memory
	// (--targets gemini) share its data dir.
	dp, dq := memdir.Shared(p.MemoryDir, "", nil), memdir.Shared(q.MemoryDir, "", nil)
	got := mergeByMemory([]Target{
		{Source: "gemini", Project: p, Dir: dp, Entries: []scan.Entry{e("g1")}},
		{Source: "gemini", Project: q, Dir: dq, Entries: []scan.Entry{e("g2")}},
		{Source: "claude", Project: p, Dir: dp, Entries: []scan.Entry{e("c1"), e("c2")}},
		{Source: "claude", Project: orphan, Entries: []scan.Entry{e("c3")}},
		{Source: "codex", Project: orphan, Entries: []scan.Entry{e("x1")}},
		{Source: "codex", Project: p, Dir: dp, Entries: []scan.Entry{e("x2")}},
	})
	if len(got) != 4 {
		t.Fatalf("got %d targets, want 4 (alpha merged, beta, two without memory)", len(got))
	}
	if got[0].Source != "gemini+claude+codex" || len(got[0].Entries) != 4 {
		t.Errorf("alpha = %s with %d entries", got[0].Source, len(got[0].Entries))
	}
	if got[1].Project.ID != "beta" || len(got[1].Entries) != 1 {
		t.Errorf("beta = %+v", got[1])
	}
	if got[2].Source != "claude" || got[3].Source != "codex" {
		t.Errorf("targets without a memory dir must stay apart: %s, %s", got[2].Source, got[3].Source)
	}
}
