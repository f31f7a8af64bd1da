package jobs_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// TestE2EGoodRunThenThrottleThenForce drives the whole cycle against a
// scripted model: it reads both offered sessions, writes a private memory
// patch and a skill draft and completes; then a run a minute later is
// throttled and --force runs anyway.
func TestE2EGoodRunThenThrottleThenForce(t *testing.T) {
	e := newE2E(t)
	e.srv = modeltest.New(t, e.goodTurns()...)
	before := e.w.Snapshot(t)

	rep, err := e.run(t, e.config(), e.llm())
	if err != nil {
		t.Fatalf("run: %v\nlog:\n%s", err, e.log)
	}
	pr := project(t, rep)
	if pr.Status != jobs.StatusDone {
		t.Fatalf("status %q (%s)\nlog:\n%s", pr.Status, pr.Error, e.log)
	}
	if c := pr.Candidates; c == nil || c.Memory != 1 || c.Skills != 1 || c.Rejected != 0 {
		t.Fatalf("candidates %+v, want 1 memory, 1 skill, 0 rejected", c)
	}
	e.w.CheckConfined(t, before)
	if _, err := os.Stat(e.w.LockPath()); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}

	// The state records the run as Gemini does, plus our verdicts.
	st := readState(t, e.w.StatePath())
	if len(st.Runs) != 1 {
		t.Fatalf("%d runs recorded, want 1", len(st.Runs))
	}
	r := st.Runs[0]
	if r.TerminateReason != "GOAL" || r.Extractor != "llm" || r.Status == "failed" || r.TurnCount != 3 {
		t.Errorf("run = %+v", r)
	}
	got := st.processed(0)
	slices.Sort(got)
	if !slices.Equal(got, e.ids) {
		t.Errorf("processedSessions = %v, want %v", got, e.ids)
	}
	if v := st.verdicts(0); v[e.ids[0]] != "read" || v[e.ids[1]] != "read" {
		t.Errorf("verdicts = %v", v)
	}
	if !slices.Equal(r.SkillsCreated, []string{"run-tests"}) || len(r.MemoryCandidatesCreated) != 1 || r.MemoryFilesUpdated == nil || len(r.MemoryFilesUpdated) != 0 {
		t.Errorf("skillsCreated %v, memoryCandidatesCreated %v, memoryFilesUpdated %v", r.SkillsCreated, r.MemoryCandidatesCreated, r.MemoryFilesUpdated)
	}
	if r.CandidatesCreated != 2 || r.BytesSent == 0 {
		t.Errorf("candidatesCreated %d bytesSent %d", r.CandidatesCreated, r.BytesSent)
	}

	// What the model saw: the memory dir by absolute path, both
	// transcripts' paths in the index, renderings rather than raw JSON.
	reqs := e.srv.Requests()
	first := reqs[0].FirstUser()
	for _, want := range append([]string{e.w.MemoryDir}, e.paths...) {
		if !strings.Contains(first, want) {
			t.Errorf("first user message lacks %s", want)
		}
	}
	if tr := strings.Join(reqs[1].ToolResults(), "\n"); !strings.Contains(tr, "please do step 3") || strings.Contains(tr, `"functionResponse"`) {
		t.Errorf("transcript not rendered as expected:\n%.600s", tr)
	}
	noneLeft(t, "request bodies", e.srv.Bodies(), canaryLines()...)
	// Untrusted text never rides in the system role.
	for _, r := range reqs {
		for _, m := range r.Chat.Messages {
			if m.Role == "system" && (strings.Contains(m.Content, "please do step") || strings.Contains(m.Content, "Session 0") || strings.Contains(m.Content, e.paths[0])) {
				t.Errorf("request %d: transcript-derived text in the system message", r.Seq)
			}
		}
	}

	// Gemini's own validator accepts the patch its inbox would list.
	patchFile := e.w.PrivatePatch()
	if out, err := gref.Node(t, "validate.mjs", patchFile, e.w.MemoryDir); err != nil {
		t.Errorf("Gemini rejects the patch: %v\n%s", err, out)
	}
	if out, err := gref.Node(t, "validate-skills.mjs", filepath.Join(e.w.MemoryDir, "skills"),
		"--project-skills="+filepath.Join(e.w.Root, ".gemini", "skills"), "--home="+e.w.Home); err != nil {
		t.Errorf("Gemini's skill validation fails: %v\n%s", err, out)
	}

	// A third session arrives; a run one minute later is throttled (75)
	// and touches nothing.
	e.w.Gemini(t, world.Session{ID: "cccccccc-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC), Turns: world.Steps(12)})
	mid := e.w.Snapshot(t)
	cfg := e.config()
	cfg.Now = e2eNow.Add(time.Minute)
	rep, err = e.run(t, cfg, e.llm())
	if !errors.Is(err, jobs.ErrSkipped) || project(t, rep).Status != jobs.StatusThrottled {
		t.Fatalf("second run: err %v status %q, want throttled/75", err, project(t, rep).Status)
	}
	if n := len(e.srv.Requests()); n != 3 {
		t.Errorf("a throttled run called the model (%d requests)", n)
	}
	after := e.w.Snapshot(t)
	for p, h := range after {
		if mid[p] != h && !strings.HasPrefix(p, e.w.CacheDir) {
			t.Errorf("throttled run changed %s", p)
		}
	}
	if n := len(readState(t, e.w.StatePath()).Runs); n != 1 {
		t.Errorf("throttled run recorded (%d runs)", n)
	}

	// --force runs, offers only the new session.
	cfg.Force = true
	rep, err = e.run(t, cfg, e.llm())
	if err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("forced run: %v %+v", err, project(t, rep))
	}
	st = readState(t, e.w.StatePath())
	if len(st.Runs) != 2 {
		t.Fatalf("%d runs, want 2", len(st.Runs))
	}
	if cands := st.Runs[1].CandidateSessions; len(cands) != 1 || cands[0].SessionID != "cccccccc-1111-2222-3333-444455556666" {
		t.Errorf("forced run offered %+v, want only the new session", cands)
	}
}
