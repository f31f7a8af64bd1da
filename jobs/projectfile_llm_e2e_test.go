package jobs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/jobs"
)

// TestE2ELLMGeminiProjectFile: a Gemini CLI project with its shared file
// switched on (extract --project-file): the prompt names <root>/GEMINI.md,
// its patch and the rule; the model's project patch goes through the
// sandbox into automem's own inbox beside Gemini CLI's (never into .inbox/,
// which Gemini CLI prunes), Gemini CLI's own validator accepts it with the
// repository root as the allowed dir, and the repository is not touched
// before review.
func TestE2ELLMGeminiProjectFile(t *testing.T) {
	e := &e2e{w: world.New(t), log: &syncBuffer{}}
	session := e.w.Gemini(t, world.Session{ID: "dddddddd-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), Turns: world.Steps(11)})
	dir := gemini.Layout(e.w.GeminiDir, e.w.MemoryDir, e.w.Root, e.w.Root)
	geminiMD := filepath.Join(e.w.Root, "GEMINI.md")
	projectPatch := "--- /dev/null\n+++ " + geminiMD + "\n@@ -0,0 +1 @@\n+- Run go test ./... before every commit.\n"
	T, Tools := modeltest.Tool, modeltest.Tools
	e.srv = modeltest.PerConversation(t,
		Tools(T("read_file", "file_path", session)),
		Tools(T("write_file", "file_path", dir.ExtractionPatch(patch.Project), "content", projectPatch)),
		modeltest.Done("one team fact"),
	)
	cfg := e.config()
	cfg.ProjectFile = true
	rep, err := e.run(t, cfg, e.llm())
	if err != nil {
		t.Fatalf("run: %v\n%s", err, e.log.String())
	}
	pr := project(t, rep)
	if pr.Status != jobs.StatusDone || pr.Targets["project"] != geminiMD {
		t.Fatalf("report: status %q targets %v (%s)", pr.Status, pr.Targets, pr.Error)
	}
	pp := dir.ExtractionPatch(patch.Project)
	got, err := os.ReadFile(pp)
	if err != nil || !strings.Contains(string(got), "+- Run go test ./... before every commit.") {
		t.Fatalf("project patch: %v\n%s", err, got)
	}
	if strings.HasPrefix(pp, dir.InboxRoot()) {
		t.Errorf("project patch %s is in Gemini CLI's inbox", pp)
	}
	if _, err := os.Stat(geminiMD); !os.IsNotExist(err) {
		t.Errorf("GEMINI.md written before review: %v", err)
	}
	bodies := e.srv.Bodies()
	for _, want := range []string{"The team's shared file: " + geminiMD, pp, "stay in private memory"} {
		if !strings.Contains(bodies, want) {
			t.Errorf("the prompt lacks %q", want)
		}
	}
	if !testing.Short() {
		gref.Require(t)
		if out, err := gref.Node(t, "validate.mjs", pp, e.w.Root); err != nil {
			t.Errorf("gemini rejects the project patch: %v\n%s", err, out)
		}
	}
}
