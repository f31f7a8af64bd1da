package jobs_test

import (
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// TestE2EStateWriteFails: the state cannot be written when the run ends
// (its path turned into a directory while the model worked, as an ENOSPC
// or EACCES would) → a clear failure, the lock released, the candidate
// kept, no session marked processed; once fixed, the next run redoes the
// sessions.
func TestE2EStateWriteFails(t *testing.T) {
	e := newE2E(t)
	good := e.goodTurns()
	var broken atomic.Bool
	broken.Store(true)
	e.srv = modeltest.NewFunc(t, func(r *modeltest.Request) modeltest.Turn {
		i := r.TurnIndex()
		if i == len(good)-1 && broken.Load() {
			must(t, os.MkdirAll(e.w.StatePath(), 0o700)) // the record step will fail
		}
		return good[min(i, len(good)-1)]
	})
	rep, err := e.run(t, e.config(), e.llm())
	pr := project(t, rep)
	if err == nil || errors.Is(err, jobs.ErrSkipped) || pr.Status != jobs.StatusFailed || !strings.Contains(pr.Error, "record run") {
		t.Fatalf("err %v status %q error %q, want a failed run naming the record step", err, pr.Status, pr.Error)
	}
	if !strings.Contains(pr.Error, e.w.StatePath()) && !strings.Contains(pr.Error, ".extraction-state.json") {
		t.Errorf("the error does not name the state file: %s", pr.Error)
	}
	if _, err := os.Lstat(e.w.LockPath()); !os.IsNotExist(err) {
		t.Errorf("lock left: %v", err)
	}
	if _, err := os.Stat(e.w.PrivatePatch()); err != nil {
		t.Errorf("candidate lost with the state write: %v", err)
	}
	entries, _ := os.ReadDir(e.w.MemoryDir)
	for _, d := range entries {
		if _, ok := atomicfile.TempOf(d.Name()); ok || strings.Contains(d.Name(), ".tmp") {
			t.Errorf("temp file left: %s", d.Name())
		}
	}

	broken.Store(false)
	must(t, os.Remove(e.w.StatePath()))
	rep, err = e.run(t, e.config(), e.llm())
	if err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("after the fix: %v %+v", err, project(t, rep))
	}
	st := readState(t, e.w.StatePath())
	if len(st.Runs) != 1 || len(st.processed(0)) != 2 {
		t.Errorf("after the fix: %d runs, processed %v", len(st.Runs), st.processed(0))
	}
}

// TestE2EClockSteps: --now far ahead, then back to the present, then far
// behind. Nothing crashes, a run "in the future" does not throttle the
// present forever, and sessions "in the future" are not idle.
func TestE2EClockSteps(t *testing.T) {
	e := newE2E(t)
	e.srv = modeltest.PerConversation(t, modeltest.Done("nothing worth keeping"))
	cfg := e.config()

	cfg.Now = e2eNow.AddDate(10, 0, 0)
	rep, err := e.run(t, cfg, e.llm())
	if err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("far ahead: %v %+v", err, project(t, rep))
	}

	// Back to the present with new work: the future run must not throttle.
	e.w.Gemini(t, world.Session{ID: "cccccccc-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC), Turns: world.Steps(12)})
	cfg.Now = e2eNow
	rep, err = e.run(t, cfg, e.llm())
	if err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("back to the present: %v status %q (a run ten years ahead must not throttle)", err, project(t, rep).Status)
	}
	if !strings.Contains(e.log.String(), "future") {
		t.Error("no warning about a run recorded in the future")
	}

	// Far behind: every session is "in the future", so none is idle.
	e.w.Gemini(t, world.Session{ID: "dddddddd-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 21, 0, 0, 0, time.UTC), Turns: world.Steps(12)})
	cfg.Now = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	reqs := len(e.srv.Requests())
	rep, err = e.run(t, cfg, e.llm())
	if err != nil || project(t, rep).Status != jobs.StatusNothingNew {
		t.Fatalf("far behind: %v status %q, want nothing-new", err, project(t, rep).Status)
	}
	if len(e.srv.Requests()) != reqs {
		t.Error("a run far in the past called the model")
	}
	if n := len(readState(t, e.w.StatePath()).Runs); n != 2 {
		t.Errorf("%d runs recorded, want 2", n)
	}
}
