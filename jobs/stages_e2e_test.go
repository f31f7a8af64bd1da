package jobs_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/automem/automem/jobs"
)

// readerX is a hand-written extractor that reads every offered session and
// writes nothing, so a test sees only what the cycle itself does.
type readerX struct{ jobs int }

func (*readerX) Name() string { return "reader" }

func (x *readerX) Extract(_ context.Context, job *jobs.Job) jobs.Outcome {
	x.jobs++
	out := jobs.Outcome{TerminateReason: "GOAL", Turns: 1}
	for _, e := range job.Offered {
		out.Read = append(out.Read, e.ID)
	}
	return out
}

// tick is a clock that moves a fixed step on every reading.
type tick struct {
	mu   sync.Mutex
	at   time.Time
	step time.Duration
}

func (c *tick) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(c.step)
	return c.at
}

// TestStagesReadStateOncePerPhase: a corrupt state is reported once while
// planning (read-only, left in place) and once under the lock (moved
// aside), not once per stage; the run still records and completes.
func TestStagesReadStateOncePerPhase(t *testing.T) {
	e := newE2E(t)
	must(t, os.WriteFile(e.w.StatePath(), []byte("{not json"), 0o600))
	x := &readerX{}
	rep, err := e.run(t, e.config(), x)
	if err != nil || project(t, rep).Status != jobs.StatusDone || x.jobs != 1 {
		t.Fatalf("run: %v, status %q, %d jobs", err, project(t, rep).Status, x.jobs)
	}
	log := e.log.String()
	if n := strings.Count(log, "treating it as empty"); n != 1 {
		t.Errorf("read-only state reads warned %d times, want 1 (the plan)\n%s", n, log)
	}
	if n := strings.Count(log, "moved aside and starting empty"); n != 1 {
		t.Errorf("locked state reads warned %d times, want 1\n%s", n, log)
	}
	if n := len(readState(t, e.w.StatePath()).Runs); n != 1 {
		t.Errorf("recorded %d runs, want 1", n)
	}
}

// TestStagesUseConfigClock: the run's duration comes from Config.Clock,
// not the process clock, so the cycle's wall-clock uses are injectable.
func TestStagesUseConfigClock(t *testing.T) {
	e := newE2E(t)
	cfg := e.config()
	clk := &tick{at: e2eNow, step: 90 * time.Second}
	cfg.Clock = clk.now
	if _, err := e.run(t, cfg, &readerX{}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(e.w.StatePath())
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Runs []struct {
			DurationMs float64 `json:"durationMs"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &st); err != nil || len(st.Runs) != 1 {
		t.Fatalf("state: %v, %d runs", err, len(st.Runs))
	}
	if d := st.Runs[0].DurationMs; d < 90000 || int64(d)%90000 != 0 {
		t.Errorf("durationMs = %v, want a multiple of the injected clock's 90s step", d)
	}
}
