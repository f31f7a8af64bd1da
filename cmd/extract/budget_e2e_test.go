package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest"
)

// testBudgetProcess drives the budget flags through the built binary: a
// run budget too small for one request sends nothing (exit 75); a low
// provider quota stops the run after its first answer, records the spend
// in the state and the ledger, and backs the next run off to the reset;
// `extract usage --json` reports the spend.
func testBudgetProcess(t *testing.T, bin string) {
	p := newProcWorld(t, bin)
	good := p.goodTurns()
	srv := modeltest.PerConversation(t, append([]modeltest.Turn{
		modeltest.Tools(modeltest.Tool("read_file", "file_path", p.paths[0])),
		modeltest.Tools(modeltest.Tool("read_file", "file_path", p.paths[1]))}, good[1:]...)...)

	r := p.run(t, srv, "--max-tokens-per-run", "300")
	if r.code != 75 || r.status() != "budget" || len(srv.Requests()) != 0 {
		t.Fatalf("tiny run budget: exit %d status %s, %d requests\n%s", r.code, r.status(), len(srv.Requests()), r.stderr)
	}

	// (that run is recorded, so the next one is forced past the throttle)
	srv.SetMeter(modeltest.Meter{QuotaTokens: 1, Reset: 2 * time.Hour})
	r = p.run(t, srv, "--min-quota-percent", "25", "--force")
	if r.code != 0 || r.status() != "done" || len(srv.Requests()) != 1 {
		t.Fatalf("low quota: exit %d status %s, %d requests\n%s", r.code, r.status(), len(srv.Requests()), r.stderr)
	}
	runs := p.runs(t)
	if last := runs[len(runs)-1]; last.TerminateReason != "BUDGET" {
		t.Fatalf("last run %+v", last)
	}
	r = p.run(t, srv, "--min-quota-percent", "25")
	if r.code != 75 || r.status() != "backoff" || len(srv.Requests()) != 1 {
		t.Fatalf("after a low quota: exit %d status %s, %d requests\n%s", r.code, r.status(), len(srv.Requests()), r.stderr)
	}

	c := exec.Command(filepath.Join(bin, "extract"), "usage", "--since", "2026-04-01", "--json")
	c.Env = p.w.Env()
	out, err := c.Output()
	if err != nil {
		t.Fatalf("extract usage: %v", err)
	}
	var sum struct {
		Total struct {
			In, Out int64
			Runs    int
		} `json:"total"`
	}
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("usage --json: %v\n%s", err, out)
	}
	u := srv.Usage()
	if sum.Total.Runs != 1 || sum.Total.In != int64(u.PromptTokens) || sum.Total.Out != int64(u.CompletionTokens) {
		t.Fatalf("usage %+v, server counted %+v", sum.Total, u)
	}
	if _, err := os.Stat(filepath.Join(p.w.XDGState, "automem", "usage.jsonl")); err != nil {
		t.Fatalf("ledger not in XDG_STATE_HOME/automem: %v", err)
	}
}
