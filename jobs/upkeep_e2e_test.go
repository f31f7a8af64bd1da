package jobs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/fresh"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/upkeep"
	"github.com/automem/automem/jobs"
)

// TestUpkeepStageOncePerInterval: the upkeep pass runs after the
// extraction under the same lock and proposes its hunks in the private
// patch with evidence; within the interval it does not run again, after it
// it runs but proposes nothing while its proposals wait for review, and
// --upkeep=off never runs it.
func TestUpkeepStageOncePerInterval(t *testing.T) {
	e := newE2E(t)
	world.WriteFile(t, filepath.Join(e.w.MemoryDir, "MEMORY.md"), "# Project Memory\n\n- Use pnpm, not npm.\n- Use pnpm, not npm.\n")
	cfg := e.config()
	cfg.Upkeep = jobs.UpkeepConfig{On: true, Interval: 24 * time.Hour}
	rep, err := e.run(t, cfg, &readerX{})
	if err != nil {
		t.Fatal(err)
	}
	u := project(t, rep).Upkeep
	if u == nil || u.Proposals["merge"] != 1 || len(u.Proposals) != 1 {
		t.Fatalf("upkeep report %+v, want one merge", u)
	}
	patch, err := os.ReadFile(e.w.PrivatePatch())
	if err != nil || !strings.Contains(string(patch), "\n-- Use pnpm, not npm.\n") || !strings.Contains(string(patch), "+++ "+filepath.Join(e.w.MemoryDir, "archive.md")) {
		t.Fatalf("private patch %v:\n%s", err, patch)
	}
	ev, err := os.ReadFile(filepath.Join(e.w.MemoryDir, ".automem", "evidence.jsonl"))
	if err != nil || !strings.Contains(string(ev), `"why":"duplicate of line 3`) {
		t.Fatalf("evidence %v:\n%s", err, ev)
	}
	if _, err := os.Stat(filepath.Join(e.w.MemoryDir, ".automem", "upkeep.json")); err != nil {
		t.Fatalf("last upkeep not recorded: %v", err)
	}

	// A new session an hour later: extraction runs, upkeep does not.
	e.paths = append(e.paths, e.w.Gemini(t, world.Session{ID: "cccccccc-1111-2222-3333-444455556666",
		Start: e2eNow.Add(-5 * time.Hour), Title: "Session 3", Turns: world.Steps(11)}))
	cfg.Now = e2eNow.Add(time.Hour)
	if rep, err = e.run(t, cfg, &readerX{}); err != nil {
		t.Fatal(err)
	}
	if pr := project(t, rep); pr.Status != jobs.StatusDone || pr.Upkeep != nil {
		t.Errorf("second run %s, upkeep %+v: want done without upkeep", pr.Status, pr.Upkeep)
	}
	// A day later it runs, but the first proposals still wait.
	e.paths = append(e.paths, e.w.Gemini(t, world.Session{ID: "dddddddd-1111-2222-3333-444455556666",
		Start: e2eNow.Add(20 * time.Hour), Title: "Session 4", Turns: world.Steps(11)}))
	cfg.Now = e2eNow.Add(25 * time.Hour)
	if rep, err = e.run(t, cfg, &readerX{}); err != nil {
		t.Fatal(err)
	}
	if pr := project(t, rep); pr.Status != jobs.StatusDone || pr.Upkeep == nil || pr.Upkeep.Skipped == "" || len(pr.Upkeep.Proposals) != 0 {
		t.Errorf("third run %s, upkeep %+v: want done, upkeep waiting for review", pr.Status, pr.Upkeep)
	}
}

func TestUpkeepStageOff(t *testing.T) {
	e := newE2E(t)
	world.WriteFile(t, filepath.Join(e.w.MemoryDir, "MEMORY.md"), "# Project Memory\n\n- Use pnpm, not npm.\n- Use pnpm, not npm.\n")
	cfg := e.config()
	cfg.Upkeep = jobs.UpkeepConfig{On: false, Interval: 24 * time.Hour}
	rep, err := e.run(t, cfg, &readerX{})
	if err != nil {
		t.Fatal(err)
	}
	if u := project(t, rep).Upkeep; u != nil {
		t.Errorf("upkeep ran while off: %+v", u)
	}
	if _, err := os.Stat(e.w.PrivatePatch()); err == nil {
		t.Error("upkeep wrote a patch while off")
	}
}

// TestUpkeepStageStale: with the working tree checked by internal/fresh, a
// line naming a script the project no longer has is proposed for the
// archive, and one naming a script it has is left alone.
func TestUpkeepStageStale(t *testing.T) {
	e := newE2E(t)
	world.WriteFile(t, filepath.Join(e.w.Root, "tools", "release.sh"), "#!/bin/sh\n")
	world.WriteFile(t, filepath.Join(e.w.MemoryDir, "MEMORY.md"),
		"# Project Memory\n\n- Publish releases with `tools/publish.sh`.\n- Cut a release with `tools/release.sh`.\n")
	cfg := e.config()
	cfg.Upkeep = jobs.UpkeepConfig{On: true, Interval: 24 * time.Hour, Tree: func(root string) (upkeep.Tree, error) {
		s, err := fresh.Load(root)
		if err != nil {
			return nil, err
		}
		return s, nil
	}}
	rep, err := e.run(t, cfg, &readerX{})
	if err != nil {
		t.Fatal(err)
	}
	if u := project(t, rep).Upkeep; u == nil || u.Proposals["archive"] != 1 || len(u.Proposals) != 1 {
		t.Fatalf("upkeep report %+v, want one archive", u)
	}
	patch, err := os.ReadFile(e.w.PrivatePatch())
	if err != nil || !strings.Contains(string(patch), "\n-- Publish releases with `tools/publish.sh`.\n") || strings.Contains(string(patch), "\n-- Cut a release") {
		t.Fatalf("private patch %v:\n%s", err, patch)
	}
	if !strings.Contains(string(patch), "`tools/publish.sh` does not exist since") {
		t.Errorf("the archived line lacks its reason:\n%s", patch)
	}
}

// TestUpkeepStageDream: with ten sessions that each ran the tests green,
// the pass proposes dream.md (linked from the index) with the evidence,
// records when; the next day, with no ten new sessions since, no dream.
func TestUpkeepStageDream(t *testing.T) {
	e := newE2E(t)
	for i := 2; i < 10; i++ {
		e.w.Gemini(t, world.Session{ID: fmt.Sprintf("%08x-1111-2222-3333-444455556666", i), Start: e2eNow.Add(-time.Duration(30-i) * time.Hour),
			Title: fmt.Sprintf("Session %d", i), Turns: world.Steps(11)})
	}
	cfg := e.config()
	cfg.Upkeep = jobs.UpkeepConfig{On: true, Interval: 24 * time.Hour}
	rep, err := e.run(t, cfg, &readerX{})
	if err != nil {
		t.Fatal(err)
	}
	if u := project(t, rep).Upkeep; u == nil || u.Proposals["dream"] == 0 {
		t.Fatalf("upkeep report %+v, want dream notes", u)
	}
	patch, err := os.ReadFile(e.w.PrivatePatch())
	if err != nil || !strings.Contains(string(patch), "+++ "+filepath.Join(e.w.MemoryDir, "dream.md")) ||
		!strings.Contains(string(patch), "+- `go test ./...` passed in 10 of the last 10 sessions") ||
		!strings.Contains(string(patch), "+- [Dream notes](dream.md)") {
		t.Fatalf("private patch %v:\n%s", err, patch)
	}
	rec, err := os.ReadFile(filepath.Join(e.w.MemoryDir, ".automem", "upkeep.json"))
	if err != nil || !strings.Contains(string(rec), `"lastDream":"`) {
		t.Fatalf("last dream not recorded: %v %s", err, rec)
	}
	// Applied by hand (as Gemini's /memory inbox would), then a day later:
	// fewer than ten sessions since the dream, so no new one.
	must(t, os.Remove(e.w.PrivatePatch()))
	must(t, os.Remove(filepath.Join(e.w.MemoryDir, ".automem", "intents", "private.json")))
	e.w.Gemini(t, world.Session{ID: "eeeeeeee-1111-2222-3333-444455556666", Start: e2eNow.Add(20 * time.Hour), Title: "Session 11", Turns: world.Steps(11)})
	cfg.Now = e2eNow.Add(25 * time.Hour)
	if rep, err = e.run(t, cfg, &readerX{}); err != nil {
		t.Fatal(err)
	}
	if u := project(t, rep).Upkeep; u == nil || u.Proposals["dream"] != 0 {
		t.Errorf("a second dream a day later: %+v", u)
	}
}

// TestUpkeepOnQuietDays: upkeep keeps its interval when extraction has
// nothing new: a run with nothing new takes the lock for an upkeep-only
// pass once the interval is over, and not before; the dry run reports it
// due exactly when the real run would run it.
func TestUpkeepOnQuietDays(t *testing.T) {
	e := newE2E(t)
	mem := filepath.Join(e.w.MemoryDir, "MEMORY.md")
	world.WriteFile(t, mem, "# Project Memory\n\n- Use pnpm, not npm.\n")
	cfg := e.config()
	cfg.Upkeep = jobs.UpkeepConfig{On: true, Interval: 24 * time.Hour}
	rep, err := e.run(t, cfg, &readerX{})
	if err != nil {
		t.Fatal(err)
	}
	if pr := project(t, rep); pr.Status != jobs.StatusDone || pr.Upkeep == nil {
		t.Fatalf("first run %s, upkeep %+v: want done with upkeep", pr.Status, pr.Upkeep)
	}
	world.WriteFile(t, mem, "# Project Memory\n\n- Use pnpm, not npm.\n- Use pnpm, not npm.\n")
	for _, c := range []struct {
		after time.Duration
		due   bool
	}{{time.Hour, false}, {25 * time.Hour, true}} {
		cfg.Now = e2eNow.Add(c.after)
		dry := cfg
		dry.DryRun = true
		rep, err := e.run(t, dry, &readerX{})
		if err != nil {
			t.Fatal(err)
		}
		if pr := project(t, rep); pr.Would != jobs.StatusNothingNew || pr.UpkeepDue != c.due {
			t.Errorf("+%s dry run would %s, upkeep due %v; want nothing-new, due %v", c.after, pr.Would, pr.UpkeepDue, c.due)
		}
		if rep, err = e.run(t, cfg, &readerX{}); err != nil {
			t.Fatal(err)
		}
		pr := project(t, rep)
		if pr.Status != jobs.StatusNothingNew || (pr.Upkeep != nil) != c.due {
			t.Errorf("+%s run %s, upkeep %+v; want nothing-new, upkeep %v", c.after, pr.Status, pr.Upkeep, c.due)
		}
		if c.due && (pr.Upkeep == nil || pr.Upkeep.Proposals["merge"] != 1) {
			t.Errorf("+%s upkeep-only pass %+v, want one merge", c.after, pr.Upkeep)
		}
	}
}
