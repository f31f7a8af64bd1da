package agent

import (
	"context"
	"errors"
	"math"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/usage"
)

// metered points a harness at a modeltest server that accounts like a
// metered provider.
func metered(t *testing.T, m modeltest.Meter, turns ...func(h *harness) modeltest.Turn) (*harness, *modeltest.Server) {
	t.Helper()
	h := setup(t)
	var script []modeltest.Turn
	for _, f := range turns {
		script = append(script, f(h))
	}
	srv := modeltest.PerConversation(t, script...)
	srv.SetMeter(m)
	h.cfg.BaseURL, h.cfg.HTTPClient = srv.BaseURL, nil
	return h, srv
}

// fourTurns reads t1, writes a patch, reads t2, completes.
func fourTurns() []func(h *harness) modeltest.Turn {
	return []func(h *harness) modeltest.Turn{
		func(h *harness) modeltest.Turn {
			return modeltest.Tools(modeltest.Tool(ToolReadFile, "file_path", h.w.t1))
		},
		func(h *harness) modeltest.Turn {
			m := h.mem("MEMORY.md")
			return modeltest.Tools(modeltest.Tool(ToolWriteFile, "file_path", h.mem(".inbox/private/extraction.patch"),
				"content", "--- "+m+"\n+++ "+m+"\n@@ -1,3 +1,4 @@\n # Project Memory\n \n - Build with make.\n+- Run make test first.\n"))
		},
		func(h *harness) modeltest.Turn {
			return modeltest.Tools(modeltest.Tool(ToolReadFile, "file_path", h.w.t2))
		},
		func(*harness) modeltest.Turn { return modeltest.Done("done") },
	}
}

func TestUsageReportedWithCachedTokensAndCost(t *testing.T) {
	h, srv := metered(t, modeltest.Meter{CachedPercent: 50}, fourTurns()...)
	h.cfg.Budget.Price = &usage.Price{In: 2, Out: 8, Cached: 0.5}
	res := h.run(context.Background())
	if res.Reason != Goal {
		t.Fatalf("reason %s: %v", res.Reason, res.Err)
	}
	u := srv.Usage()
	var cached int64
	for _, r := range srv.Requests() {
		cached += int64(r.Usage.PromptTokens * 50 / 100)
	}
	want := usage.Tokens{In: int64(u.PromptTokens), Out: int64(u.CompletionTokens), Cached: cached}
	if res.Tokens != want {
		t.Fatalf("tokens %+v, server reported %+v", res.Tokens, want)
	}
	wantCost := h.cfg.Budget.Price.Cost(want)
	if res.Cost == nil || math.Abs(*res.Cost-wantCost) > 1e-12 || wantCost == 0 {
		t.Fatalf("cost %v, want %v", res.Cost, wantCost)
	}
}

func TestUsageEstimatedWhenNotReported(t *testing.T) {
	h, srv := metered(t, modeltest.Meter{NoUsage: true}, fourTurns()...)
	res := h.run(context.Background())
	if res.Reason != Goal {
		t.Fatalf("reason %s: %v", res.Reason, res.Err)
	}
	if !res.Tokens.Estimated || res.Cost != nil {
		t.Fatalf("tokens %+v cost %v: want estimated, no cost without a price", res.Tokens, res.Cost)
	}
	var want int64
	for _, r := range srv.Requests() {
		want += usage.Estimate(int64(len(r.Body)))
	}
	if res.Tokens.In != want {
		t.Fatalf("estimated in %d, want bytes/4 per request = %d", res.Tokens.In, want)
	}
	// The server's own count is the truth the estimate is judged by.
	truth := srv.Usage()
	if r := float64(res.Tokens.In) / float64(truth.PromptTokens); r < 0.7 || r > 1.3 {
		t.Fatalf("estimated %d prompt tokens, server counted %d (ratio %.2f)", res.Tokens.In, truth.PromptTokens, r)
	}
	if res.Tokens.Out == 0 {
		t.Fatal("no completion tokens estimated")
	}
}

// calibrate runs the four turns with no budget and returns what each
// request cost.
func calibrate(t *testing.T) []modeltest.Request {
	t.Helper()
	h0, srv0 := metered(t, modeltest.Meter{}, fourTurns()...)
	if res := h0.run(context.Background()); res.Reason != Goal {
		t.Fatalf("calibration: %s %v", res.Reason, res.Err)
	}
	reqs := srv0.Requests()
	if len(reqs) != 4 {
		t.Fatalf("calibration sent %d requests", len(reqs))
	}
	return reqs
}

func TestBudgetStopsBeforeTheRequestThatWouldPassIt(t *testing.T) {
	reqs := calibrate(t)
	// Enough for two requests and half of the third's prompt.
	limit := int64(reqs[0].Usage.TotalTokens + reqs[1].Usage.TotalTokens + reqs[2].Usage.PromptTokens/2)

	h, srv := metered(t, modeltest.Meter{}, fourTurns()...)
	h.cfg.Budget.Tokens = limit
	before := snapshot(t, h.w.base)
	res := h.run(context.Background())
	if res.Reason != Budget || !errors.Is(res.Err, ErrBudget) {
		t.Fatalf("reason %s err %v, want BUDGET", res.Reason, res.Err)
	}
	if got := len(srv.Requests()); got != 2 || res.Turns != 2 {
		t.Fatalf("%d requests sent, %d turns; want the stop before the third", got, res.Turns)
	}
	if res.Tokens.Total() > limit {
		t.Fatalf("spent %d tokens, budget %d", res.Tokens.Total(), limit)
	}
	// What turn 2 wrote stays; the second transcript was never read.
	if _, err := os.Stat(h.mem(".inbox/private/extraction.patch")); err != nil {
		t.Fatalf("patch written before the stop is gone: %v", err)
	}
	if len(res.SessionsRead) != 1 || res.SessionsRead[0] != h.w.t1 {
		t.Fatalf("sessions read %v, want only %s", res.SessionsRead, h.w.t1)
	}
	h.w.checkConfined(t, before)
}

func TestBudgetTooSmallForTheFirstRequestSendsNothing(t *testing.T) {
	h, srv := metered(t, modeltest.Meter{}, fourTurns()...)
	h.cfg.Budget.Tokens = 300
	res := h.run(context.Background())
	if res.Reason != Budget || res.Turns != 0 || len(srv.Requests()) != 0 || res.Tokens.Total() != 0 {
		t.Fatalf("reason %s turns %d requests %d tokens %+v", res.Reason, res.Turns, len(srv.Requests()), res.Tokens)
	}
}

func TestTightBudgetCapsTheAnswer(t *testing.T) {
	first := calibrate(t)[0].Usage.PromptTokens
	h, srv := metered(t, modeltest.Meter{}, fourTurns()...)
	// Room for the first prompt and a few thousand tokens of answer.
	h.cfg.Budget.Tokens = int64(first)*3/2 + 5000
	res := h.run(context.Background())
	reqs := srv.Requests()
	if len(reqs) == 0 || reqs[0].Chat.MaxTokens <= 0 || reqs[0].Chat.MaxTokens >= tightRoom ||
		int64(reqs[0].Chat.MaxTokens+reqs[0].Usage.PromptTokens) > h.cfg.Budget.Tokens {
		t.Fatalf("first request max_tokens = %d with a %d-token prompt, budget %d: want a cap that keeps the request within it",
			reqs[0].Chat.MaxTokens, reqs[0].Usage.PromptTokens, h.cfg.Budget.Tokens)
	}
	if res.Tokens.Total() > h.cfg.Budget.Tokens {
		t.Fatalf("spent %d of %d", res.Tokens.Total(), h.cfg.Budget.Tokens)
	}
}

func TestCostBudget(t *testing.T) {
	reqs := calibrate(t)
	h, srv := metered(t, modeltest.Meter{}, fourTurns()...)
	price := &usage.Price{In: 10, Out: 10, Cached: 10}
	// Two requests and a half at $10 per million tokens.
	limit := float64(reqs[0].Usage.TotalTokens+reqs[1].Usage.TotalTokens+reqs[2].Usage.TotalTokens/2) * 10 / 1e6
	h.cfg.Budget = usage.Budget{Cost: limit, Price: price}
	res := h.run(context.Background())
	if res.Reason != Budget || res.Cost == nil || *res.Cost > limit {
		t.Fatalf("reason %s cost %v, want BUDGET within $%v", res.Reason, res.Cost, limit)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Fatalf("%d requests sent, want 2", n)
	}
}

func TestLowQuotaStopsAndBacksOffToReset(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	// The quota holds about 1.3 requests' worth: after the first answer
	// less than 25% is left.
	per := int64(calibrate(t)[0].Usage.TotalTokens)
	h, srv := metered(t, modeltest.Meter{QuotaTokens: per * 13 / 10, Reset: 6 * time.Minute}, fourTurns()...)
	h.cfg.MinQuotaPercent = 25
	h.cfg.Now = func() time.Time { return now }
	res := h.run(context.Background())
	if res.Reason != Budget || !errors.Is(res.Err, ErrQuotaLow) {
		t.Fatalf("reason %s err %v, want BUDGET for low quota", res.Reason, res.Err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Fatalf("%d requests, want the stop after the first", n)
	}
	if want := now.Add(6 * time.Minute); !res.BackoffUntil.Equal(want) {
		t.Fatalf("backoff until %v, want %v", res.BackoffUntil, want)
	}
	if res.Quota == nil || res.Quota.Dimension != "tokens" || res.Quota.Percent >= 25 {
		t.Fatalf("quota %+v", res.Quota)
	}
	// The turn's tool calls still ran: the first transcript was read.
	if len(res.SessionsRead) != 1 {
		t.Fatalf("sessions read %v", res.SessionsRead)
	}
	// Without a minimum, the same quota does not stop the run.
	h2, _ := metered(t, modeltest.Meter{QuotaTokens: per * 13 / 10, Reset: 6 * time.Minute}, fourTurns()...)
	if res := h2.run(context.Background()); res.Reason != Goal {
		t.Fatalf("no minimum: %s %v", res.Reason, res.Err)
	}
}

func TestReadQuota(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	hdr := func(kv ...string) http.Header {
		h := http.Header{}
		for i := 0; i+1 < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return h
	}
	for _, tc := range []struct {
		name  string
		h     http.Header
		ok    bool
		pct   float64
		dim   string
		reset time.Time
	}{
		{"none", hdr(), false, 0, "", time.Time{}},
		{"tokens", hdr("x-ratelimit-limit-tokens", "1000", "x-ratelimit-remaining-tokens", "200", "x-ratelimit-reset-tokens", "6m0s"), true, 20, "tokens", now.Add(6 * time.Minute)},
		{"requests lower", hdr("x-ratelimit-limit-tokens", "1000", "x-ratelimit-remaining-tokens", "900", "x-ratelimit-reset-tokens", "1s",
			"x-ratelimit-limit-requests", "100", "x-ratelimit-remaining-requests", "5", "x-ratelimit-reset-requests", "20ms"), true, 5, "requests", now.Add(20 * time.Millisecond)},
		{"seconds reset", hdr("x-ratelimit-limit-tokens", "10", "x-ratelimit-remaining-tokens", "1", "x-ratelimit-reset-tokens", "30"), true, 10, "tokens", now.Add(30 * time.Second)},
		{"date reset", hdr("x-ratelimit-limit-tokens", "10", "x-ratelimit-remaining-tokens", "1", "x-ratelimit-reset-tokens", "2026-05-02T13:00:00Z"), true, 10, "tokens", now.Add(time.Hour)},
		{"retry-after fallback", hdr("x-ratelimit-remaining-requests", "0", "Retry-After", "120"), true, 0, "requests", now.Add(2 * time.Minute)},
		{"remaining without limit", hdr("x-ratelimit-remaining-tokens", "5000"), false, 0, "", time.Time{}},
		{"garbage", hdr("x-ratelimit-limit-tokens", "lots", "x-ratelimit-remaining-tokens", "some"), false, 0, "", time.Time{}},
	} {
		q, ok := readQuota(tc.h, now)
		if ok != tc.ok || (ok && (q.Percent != tc.pct || q.Dimension != tc.dim || !q.Reset.Equal(tc.reset))) {
			t.Errorf("%s: got %+v %v", tc.name, q, ok)
		}
	}
	// A low reading backs off to its reset, capped at a day; without a
	// reset, a floor wait.
	if u := (&Quota{}).until(now); !u.Equal(now.Add(quotaFloor)) {
		t.Errorf("no reset: %v", u)
	}
	if u := (&Quota{Reset: now.Add(72 * time.Hour)}).until(now); !u.Equal(now.Add(quotaCeil)) {
		t.Errorf("far reset: %v", u)
	}
}

func TestStillRateLimitedBacksOffToTheReset(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name   string
		header []string
		reason TerminateReason
		until  time.Time
	}{
		{"reset header", []string{"x-ratelimit-limit-requests", "60", "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "45m0s", "Retry-After", "2"}, Budget, now.Add(45 * time.Minute)},
		{"retry-after only", []string{"Retry-After", "600"}, Budget, now.Add(10 * time.Minute)},
		{"nothing said", nil, Error, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := setup(t)
			srv := modeltest.New(t, modeltest.Status(http.StatusTooManyRequests, tc.header...))
			h.cfg.BaseURL, h.cfg.HTTPClient = srv.BaseURL, nil
			h.cfg.MaxRetries = 1
			h.cfg.Now = func() time.Time { return now }
			res := h.run(context.Background())
			if res.Reason != tc.reason || !res.BackoffUntil.Equal(tc.until) {
				t.Fatalf("reason %s until %v (%v), want %s until %v", res.Reason, res.BackoffUntil, res.Err, tc.reason, tc.until)
			}
			if tc.reason == Budget && !errors.Is(res.Err, ErrQuotaLow) {
				t.Fatalf("err %v", res.Err)
			}
		})
	}
}
