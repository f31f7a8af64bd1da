package jobs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// TestE2EPendingSurvivesEdits: a candidate is pending; the person fixes a
// typo in the line it is anchored to, reorders nothing else and appends a
// note of their own; a new session arrives and the model writes its
// candidate against MEMORY.md as it was (stale context). Before, the
// whole patch was quarantined and the new session recorded as read; now
// both candidates stay pending in one patch Gemini CLI accepts, the
// person's text is untouched and the session is read.
func TestE2EPendingSurvivesEdits(t *testing.T) {
	gref.Require(t)
	e := newE2E(t)
	e.srv = modeltest.New(t, e.goodTurns()...)
	if _, err := e.run(t, e.config(), e.llm()); err != nil {
		t.Fatalf("first run: %v\nlog:\n%s", err, e.log)
	}
	md := filepath.Join(e.w.MemoryDir, "MEMORY.md")
	edited := "# Project Memory\n\n- Build with `make`.\n- My own note.\n"
	if err := os.WriteFile(md, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	third := e.w.Gemini(t, world.Session{ID: "cccccccc-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC), Turns: world.Steps(12)})
	e.srv = modeltest.New(t,
		modeltest.Tools(modeltest.Tool("read_file", "file_path", third)),
		modeltest.Tools(modeltest.Tool("write_file", "file_path", e.w.PrivatePatch(), "content", memoryPatch(e.w, "- Lint before pushing."))),
		modeltest.Done("one more line"),
	)
	cfg := e.config()
	cfg.Now = e2eNow.Add(time.Hour)
	rep, err := e.run(t, cfg, e.llm())
	pr := project(t, rep)
	if err != nil || pr.Status != jobs.StatusDone {
		t.Fatalf("second run: %v %+v\nlog:\n%s", err, pr, e.log)
	}
	if pr.Candidates == nil || pr.Candidates.Rejected != 0 {
		t.Fatalf("candidates %+v", pr.Candidates)
	}
	data, err := os.ReadFile(e.w.PrivatePatch())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"+- Run `go test ./...` before committing.", "+- Lint before pushing."} {
		if !strings.Contains(string(data), want) {
			t.Errorf("pending patch lacks %q:\n%s", want, data)
		}
	}
	if got, _ := os.ReadFile(md); string(got) != edited {
		t.Errorf("MEMORY.md changed by the run:\n%s", got)
	}
	if out, err := gref.Node(t, "validate.mjs", e.w.PrivatePatch(), e.w.MemoryDir); err != nil {
		t.Errorf("Gemini rejects the rebased patch: %v\n%s\n%s", err, out, data)
	}
	st := readState(t, e.w.StatePath())
	if v := st.verdicts(len(st.Runs) - 1); v["cccccccc-1111-2222-3333-444455556666"] != "read" {
		t.Errorf("verdicts %v", v)
	}
}

// TestE2ELostCandidatesLeaveSessionsNew: the model reads a session and
// writes a patch that cannot be kept. The patch goes to the rejected
// candidates, the candidate pending before the run stays pending, and the
// session is not recorded as read, so the next run offers it again.
func TestE2ELostCandidatesLeaveSessionsNew(t *testing.T) {
	e := newE2E(t)
	e.srv = modeltest.New(t, e.goodTurns()...)
	if _, err := e.run(t, e.config(), e.llm()); err != nil {
		t.Fatalf("first run: %v\nlog:\n%s", err, e.log)
	}
	id := "cccccccc-1111-2222-3333-444455556666"
	third := e.w.Gemini(t, world.Session{ID: id, Start: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC), Turns: world.Steps(12)})
	mem := filepath.Join(e.w.MemoryDir, "MEMORY.md")
	broken := "--- " + mem + "\n+++ " + mem + "\n@@ -1,3 +1,4 @@\n # Project Memory\n*not a diff line\n"
	e.srv = modeltest.New(t,
		modeltest.Tools(modeltest.Tool("read_file", "file_path", third)),
		modeltest.Tools(modeltest.Tool("write_file", "file_path", e.w.PrivatePatch(), "content", broken)),
		modeltest.Done("done"),
	)
	cfg := e.config()
	cfg.Now = e2eNow.Add(time.Hour)
	rep, err := e.run(t, cfg, e.llm())
	if pr := project(t, rep); err != nil || pr.Candidates == nil || pr.Candidates.Rejected != 1 {
		t.Fatalf("second run: %v %+v", err, pr)
	}
	st := readState(t, e.w.StatePath())
	if v := st.verdicts(len(st.Runs) - 1); v[id] == "read" {
		t.Errorf("session recorded as read though its candidates were lost: %v", v)
	}
	data, err := os.ReadFile(e.w.PrivatePatch())
	if err != nil || !strings.Contains(string(data), "+- Run `go test ./...` before committing.") {
		t.Errorf("the candidate pending before the run is gone: %v\n%s", err, data)
	}
}
