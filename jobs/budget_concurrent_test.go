package jobs_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/jobs"
)

// during runs a function once, after the first answer of a model
// conversation: another process's whole run, in the middle of this one.
type during struct {
	once sync.Once
	then func()
}

func (d *during) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		d.once.Do(d.then)
	}
	return resp, err
}

// Two extractions of different projects at the same time (a timer run and
// a manual one) share one day's budget: the second starts while the first
// is mid-run, and together they spend no more than the day allows.
func TestBudgetDailySharedByConcurrentRuns(t *testing.T) {
	// What one project's run spends, alone and unbounded.
	solo := newE2E(t)
	solo.srv = modeltest.PerConversation(t, solo.stepwise()...)
	solo.srv.SetMeter(modeltest.Meter{})
	if _, err := solo.run(t, withLedger(t, solo.config(), jobs.Budget{}), solo.llm()); err != nil {
		t.Fatalf("solo run: %v\n%s", err, solo.log)
	}
	one := int64(solo.srv.Usage().TotalTokens)
	day := one * 3 / 2 // room for one run, not for two

	a, b := newE2E(t), newE2E(t)
	for _, e := range []*e2e{a, b} {
		e.srv = modeltest.PerConversation(t, e.stepwise()...)
		e.srv.SetMeter(modeltest.Meter{})
	}
	cfgA := withLedger(t, a.config(), jobs.Budget{PerDay: day})
	cfgB := b.config()
	cfgB.Budget = cfgA.Budget // one user, one ledger
	var bErr error
	ran := false
	hook := &during{then: func() {
		ran = true
		_, bErr = b.run(t, cfgB, b.llm())
	}}
	_, errA := a.run(t, cfgA, a.llm(func(c *agent.Config) { c.HTTPClient = &http.Client{Transport: hook} }))
	if !ran {
		t.Fatalf("the second run never started during the first: %v\n%s", errA, a.log)
	}
	t.Logf("one run %d tokens, day %d; run a: %v, %d tokens; run b: %v, %d tokens", one, day, errA, a.srv.Usage().TotalTokens, bErr, b.srv.Usage().TotalTokens)
	today, err := cfgA.Budget.Ledger.Today(cfgA.Now)
	if err != nil {
		t.Fatal(err)
	}
	sent := int64(a.srv.Usage().TotalTokens + b.srv.Usage().TotalTokens)
	if sent != today.Total() {
		t.Fatalf("servers counted %d tokens, ledger %d", sent, today.Total())
	}
	if sent > day {
		t.Fatalf("two concurrent runs spent %d tokens, the day's budget is %d (one run alone spends %d)", sent, day, one)
	}
	cs, err := cfgA.Budget.Ledger.Committed(cfgA.Now, "")
	if err != nil || cs.Total() != today.Total() {
		t.Fatalf("claims left after both runs settled: committed %+v, ledger %+v (%v)", cs, today, err)
	}
}
