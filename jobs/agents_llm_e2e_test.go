package jobs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/jobs"
)

// TestE2ELLMCodexWritesThroughTheSandbox: for a Codex-only project the
// model reads the rendered session and writes a project patch against
// <root>/AGENTS.md into the inbox in automem's state dir; its attempt to
// write under $CODEX_HOME/memories/ is refused by the sandbox, the prompt
// names Codex's conventions, and nothing outside the inbox changes.
func TestE2ELLMCodexWritesThroughTheSandbox(t *testing.T) {
	e := &e2e{w: world.New(t), log: &syncBuffer{}}
	id := "cccccccc-1111-2222-3333-444455556666"
	session := e.w.Codex(t, world.Session{ID: id, Start: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), Turns: world.Steps(11)})
	state := filepath.Join(e.w.XDGState, "automem")
	dir := codex.Layout(skills.Homes{Codex: e.w.CodexHome}, target.Data(state, codex.Agent, e.w.Root), e.w.Root)
	agentsMD := filepath.Join(e.w.Root, "AGENTS.md")
	projectPatch := "--- /dev/null\n+++ " + agentsMD + "\n@@ -0,0 +1 @@\n+- Run go test ./... before every commit.\n"
	memories := filepath.Join(e.w.CodexHome, "memories", "MEMORY.md")
	T, Tools := modeltest.Tool, modeltest.Tools
	e.srv = modeltest.PerConversation(t,
		Tools(T("read_file", "file_path", session)),
		Tools(
			T("write_file", "file_path", memories, "content", "- planted\n"),
			T("write_file", "file_path", dir.ExtractionPatch(patch.Project), "content", projectPatch),
		),
		modeltest.Done("one project fact"),
	)
	before := e.w.Snapshot(t)
	cfg := e.config()
	cfg.Source = jobs.SourceCodex
	rep, err := e.run(t, cfg, e.llm())
	if err != nil {
		t.Fatalf("run: %v\n%s", err, e.log.String())
	}
	pr := project(t, rep)
	if pr.Status != jobs.StatusDone || pr.Agent != codex.Agent || pr.Targets["project"] != agentsMD {
		t.Fatalf("report: status %q agent %q targets %v (%s)", pr.Status, pr.Agent, pr.Targets, pr.Error)
	}
	got, err := os.ReadFile(dir.ExtractionPatch(patch.Project))
	if err != nil || !strings.Contains(string(got), "+- Run go test ./... before every commit.") {
		t.Fatalf("project patch in the state dir inbox: %v\n%s", err, got)
	}
	if _, err := os.Stat(memories); !os.IsNotExist(err) {
		t.Errorf("%s was written (or its dir made): %v", memories, err)
	}
	if _, err := os.Stat(agentsMD); !os.IsNotExist(err) {
		t.Errorf("AGENTS.md written before review: %v", err)
	}
	bodies := e.srv.Bodies()
	if !strings.Contains(bodies, "Whose memory this is: Codex") || !strings.Contains(bodies, "32 KiB") {
		t.Error("the prompt does not name Codex's AGENTS.md conventions")
	}
	for p, h := range e.w.Snapshot(t) {
		if before[p] != h && !strings.HasPrefix(p, state) && !strings.HasPrefix(p, e.w.CacheDir) {
			t.Errorf("changed outside automem's state and cache: %s", p)
		}
	}
}
