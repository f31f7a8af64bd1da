package jobs_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/ledger"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/usage"
	"github.com/automem/automem/jobs"
)

// stepwise reads the first session, writes a memory patch, reads the
// second session and completes: four requests, one tool call each.
func (e *e2e) stepwise() []modeltest.Turn {
	return []modeltest.Turn{
		modeltest.Tools(modeltest.Tool("read_file", "file_path", e.paths[0])),
		modeltest.Tools(modeltest.Tool("write_file", "file_path", e.w.PrivatePatch(), "content", memoryPatch(e.w, "- Run `go test ./...` before committing."))),
		modeltest.Tools(modeltest.Tool("read_file", "file_path", e.paths[1])),
		modeltest.Done("done"),
	}
}

// withLedger gives a config a ledger of its own (days in UTC).
func withLedger(t *testing.T, cfg jobs.Config, b jobs.Budget) jobs.Config {
	b.Ledger = &ledger.Ledger{Path: filepath.Join(t.TempDir(), "state", ledger.FileName), Loc: time.UTC}
	if b.Model == "" {
		b.Model = "fake-model"
	}
	cfg.Budget = b
	return cfg
}

// budgetState is the budget part of a run record.
type budgetState struct {
	Runs []struct {
		TerminateReason   string `json:"terminateReason"`
		ProcessedSessions []struct {
			SessionID string `json:"sessionId"`
		} `json:"processedSessions"`
		CandidateSessions []struct {
			SessionID string `json:"sessionId"`
		} `json:"candidateSessions"`
		Verdicts []struct {
			SessionID string `json:"sessionId"`
			Verdict   string `json:"verdict"`
			Reason    string `json:"reason"`
		} `json:"verdicts"`
		Usage *struct {
			PromptTokens     int  `json:"promptTokens"`
			CompletionTokens int  `json:"completionTokens"`
			CachedTokens     int  `json:"cachedTokens"`
			Estimated        bool `json:"estimated"`
		} `json:"usage"`
		Cost         *float64 `json:"cost"`
		BackoffUntil string   `json:"backoffUntil"`
	} `json:"runs"`
}

func readBudgetState(t *testing.T, path string) budgetState {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st budgetState
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestE2EBudgetStopKeepsWhatWasWrittenAndLeavesTheRest(t *testing.T) {
	// Calibrate: what the four requests cost when nothing stops them.
	c := newE2E(t)
	c.srv = modeltest.PerConversation(t, c.stepwise()...)
	if rep, err := c.run(t, c.config(), c.llm()); err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("calibration: %v %+v\n%s", err, rep, c.log)
	}
	reqs := c.srv.Requests()
	if len(reqs) != 4 {
		t.Fatalf("calibration made %d requests", len(reqs))
	}
	limit := int64(reqs[0].Usage.TotalTokens + reqs[1].Usage.TotalTokens + reqs[2].Usage.PromptTokens/2)

	e := newE2E(t)
	e.srv = modeltest.PerConversation(t, e.stepwise()...)
	cfg := withLedger(t, e.config(), jobs.Budget{PerRun: limit, Price: &usage.Price{In: 1, Out: 2, Cached: 1}})
	rep, err := e.run(t, cfg, e.llm())
	if err != nil {
		t.Fatalf("run: %v\n%s", err, e.log)
	}
	pr := project(t, rep)
	if pr.Status != jobs.StatusDone || pr.Candidates == nil || pr.Candidates.Memory != 1 {
		t.Fatalf("status %s candidates %+v: the patch written before the stop must be kept\n%s", pr.Status, pr.Candidates, e.log)
	}
	if n := len(e.srv.Requests()); n != 2 {
		t.Fatalf("%d requests, want the stop before the third", n)
	}
	u := e.srv.Usage()
	if pr.Usage == nil || pr.Usage.In != int64(u.PromptTokens) || pr.Usage.Out != int64(u.CompletionTokens) || pr.Usage.Total() > limit || pr.Usage.Cost == nil {
		t.Fatalf("reported usage %+v, server %+v, limit %d", pr.Usage, u, limit)
	}
	st := readBudgetState(t, e.w.StatePath())
	r := st.Runs[len(st.Runs)-1]
	if r.TerminateReason != "BUDGET" || len(r.ProcessedSessions) != 1 || r.ProcessedSessions[0].SessionID != e.ids[0] {
		t.Fatalf("run record %+v", r)
	}
	if len(r.CandidateSessions) != 1 {
		t.Fatalf("the unread session was counted as offered: %+v", r.CandidateSessions)
	}
	if r.Usage == nil || r.Usage.PromptTokens != u.PromptTokens || r.Cost == nil {
		t.Fatalf("recorded usage %+v cost %v", r.Usage, r.Cost)
	}
	// The next run offers the unread session as new, the read one as old.
	e.srv = modeltest.PerConversation(t, modeltest.Done("nothing more"))
	cfg.Force = true
	if _, err := e.run(t, cfg, e.llm()); err != nil {
		t.Fatalf("second run: %v\n%s", err, e.log)
	}
	first := e.srv.Requests()[0].FirstUser()
	if !hasIndexLine(first, "[NEW]", e.paths[1]) || !hasIndexLine(first, "[old]", e.paths[0]) {
		t.Fatalf("second run's index:\n%s", first)
	}
}

// hasIndexLine says whether the prompt's index has a line with mark for path.
func hasIndexLine(prompt, mark, path string) bool {
	for _, l := range strings.Split(prompt, "\n") {
		if strings.Contains(l, mark) && strings.HasSuffix(strings.TrimSpace(l), path) {
			return true
		}
	}
	return false
}

func TestE2EDailyCapSkipsUntilMidnightAndLedgerSums(t *testing.T) {
	e := newE2E(t)
	e.srv = modeltest.PerConversation(t, e.goodTurns()...)
	e.srv.SetMeter(modeltest.Meter{CachedPercent: 25})
	cfg := withLedger(t, e.config(), jobs.Budget{PerDay: 1_000_000})
	if _, err := e.run(t, cfg, e.llm()); err != nil {
		t.Fatalf("run 1: %v\n%s", err, e.log)
	}
	// A second run on a later session version spends more the same day.
	cfg.Force = true
	cfg.Now = cfg.Now.Add(time.Hour)
	e.w.Gemini(t, sessionAfter(2))
	if _, err := e.run(t, cfg, e.llm()); err != nil {
		t.Fatalf("run 2: %v\n%s", err, e.log)
	}
	u := e.srv.Usage()
	today, err := cfg.Budget.Ledger.Today(cfg.Now)
	if err != nil {
		t.Fatal(err)
	}
	var cached int64
	for _, r := range e.srv.Requests() {
		cached += int64(r.Usage.PromptTokens * 25 / 100)
	}
	if today.Runs != 2 || today.In != int64(u.PromptTokens) || today.Out != int64(u.CompletionTokens) || today.Cached != cached || today.Estimated {
		t.Fatalf("ledger today %+v, server counted %+v (cached %d)", today, u, cached)
	}
	// The state records carry the same figures, run by run.
	st := readBudgetState(t, e.w.StatePath())
	var in int
	for _, r := range st.Runs {
		if r.Usage != nil {
			in += r.Usage.PromptTokens
		}
	}
	if in != u.PromptTokens {
		t.Fatalf("state records %d prompt tokens, server %d", in, u.PromptTokens)
	}

	// With the day's cap at what was spent, the next run is skipped.
	e.w.Gemini(t, sessionAfter(3))
	cfg.Budget.PerDay = today.Total()
	cfg.Now = cfg.Now.Add(time.Hour)
	before := len(e.srv.Requests())
	rep, err := e.run(t, cfg, e.llm())
	if !errors.Is(err, jobs.ErrSkipped) {
		t.Fatalf("err %v, want skipped (exit 75)", err)
	}
	pr := project(t, rep)
	if pr.Status != jobs.StatusBudget || pr.Until != "2026-05-03T00:00:00Z" {
		t.Fatalf("status %s until %s, want budget until the next UTC midnight", pr.Status, pr.Until)
	}
	if len(e.srv.Requests()) != before {
		t.Fatal("a request was sent on a spent day")
	}
	// The next day, the run goes ahead.
	cfg.Now = time.Date(2026, 5, 3, 0, 30, 0, 0, time.UTC)
	if rep, err := e.run(t, cfg, e.llm()); err != nil || project(t, rep).Status != jobs.StatusDone {
		t.Fatalf("next day: %v %+v", err, rep)
	}
}

// sessionAfter is a third (fourth…) idle session of the world's project.
func sessionAfter(n int) world.Session {
	return world.Session{ID: strings.Repeat(string(rune('c'+n-2)), 8) + "-1111-2222-3333-444455556666",
		Start: time.Date(2026, 5, 1, 9+n, 0, 0, 0, time.UTC), Turns: world.Steps(11)}
}

func TestE2EDryRunEstimateWithin30Percent(t *testing.T) {
	e := newE2E(t)
	cfg := withLedger(t, e.config(), jobs.Budget{PerDay: 5_000_000, ElideAfter: 1, Price: &usage.Price{In: 1, Out: 4, Cached: 1}})
	cfg.DryRun = true
	rep, err := e.run(t, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	est := project(t, rep).Estimate
	if est == nil || !est.Estimated || est.Sessions != 2 || est.Cost == nil || est.DayTokensLeft == nil || *est.DayTokensLeft != 5_000_000 {
		t.Fatalf("estimate %+v", est)
	}
	// The run then does what the estimate assumes: reads each session and
	// the memory file once, writes a patch, completes.
	e.srv = modeltest.PerConversation(t,
		modeltest.Tools(modeltest.Tool("read_file", "file_path", e.paths[0])),
		modeltest.Tools(modeltest.Tool("read_file", "file_path", e.paths[1])),
		modeltest.Tools(modeltest.Tool("read_file", "file_path", filepath.Join(e.w.MemoryDir, "MEMORY.md"))),
		modeltest.Tools(modeltest.Tool("write_file", "file_path", e.w.PrivatePatch(), "content", memoryPatch(e.w, "- Run `go test ./...` before committing."))),
		modeltest.Done("done"))
	cfg.DryRun = false
	if _, err := e.run(t, cfg, e.llm(func(c *agent.Config) { c.ElideAfterTurns = 1 })); err != nil {
		t.Fatalf("run: %v\n%s", err, e.log)
	}
	u := e.srv.Usage()
	var sent int64
	for _, r := range e.srv.Requests() {
		sent += int64(len(r.Body))
	}
	t.Logf("estimate: %d requests, %d bytes, %d tokens in; run: %d requests, %d bytes, %d tokens in (server count)",
		est.Requests, est.BytesSent, est.TokensIn, len(e.srv.Requests()), sent, u.PromptTokens)
	if r := float64(est.TokensIn) / float64(u.PromptTokens); r < 0.7 || r > 1.3 {
		t.Fatalf("estimated %d prompt tokens, the run sent %d (ratio %.2f)", est.TokensIn, u.PromptTokens, r)
	}
	if r := float64(est.BytesSent) / float64(sent); r < 0.7 || r > 1.3 {
		t.Fatalf("estimated %d bytes, the run sent %d (ratio %.2f)", est.BytesSent, sent, r)
	}
}

func TestE2ELowQuotaStopsAndBacksOff(t *testing.T) {
	e := newE2E(t)
	e.srv = modeltest.PerConversation(t, e.stepwise()...)
	e.srv.SetMeter(modeltest.Meter{QuotaTokens: 1, QuotaRequests: 100, Reset: 2 * time.Hour})
	cfg := withLedger(t, e.config(), jobs.Budget{})
	now := e2eNow
	rep, err := e.run(t, cfg, e.llm(func(c *agent.Config) { c.MinQuotaPercent = 25; c.Now = func() time.Time { return now } }))
	if err != nil {
		t.Fatalf("run: %v\n%s", err, e.log)
	}
	if pr := project(t, rep); pr.Status != jobs.StatusDone {
		t.Fatalf("status %s: a quota stop after reading is no failure", pr.Status)
	}
	if n := len(e.srv.Requests()); n != 1 {
		t.Fatalf("%d requests, want the stop after the first", n)
	}
	st := readBudgetState(t, e.w.StatePath())
	r := st.Runs[len(st.Runs)-1]
	want := now.Add(2 * time.Hour).UTC().Format(time.RFC3339)
	if r.TerminateReason != "BUDGET" || r.BackoffUntil != want {
		t.Fatalf("run %+v, want BUDGET backing off until %s", r, want)
	}
	// A run before the reset backs off until it.
	cfg.Now = cfg.Now.Add(time.Hour)
	rep, err = e.run(t, cfg, e.llm())
	if !errors.Is(err, jobs.ErrSkipped) {
		t.Fatalf("err %v, want skipped", err)
	}
	if pr := project(t, rep); pr.Status != jobs.StatusBackoff || pr.Until != want {
		t.Fatalf("status %s until %s, want backoff until %s", pr.Status, pr.Until, want)
	}
}
