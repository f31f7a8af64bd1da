package jobs

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/automem/automem/internal/ledger"
	"github.com/automem/automem/internal/usage"
)

func TestBudgetLeftIsTheStricterOfRunAndDay(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	led := &ledger.Ledger{Path: filepath.Join(t.TempDir(), ledger.FileName), Loc: time.UTC}
	if err := led.Add(t.Context(), ledger.Entry{At: now.Add(-time.Hour), Project: "a", Tokens: usage.Tokens{In: 700, Out: 100}, Cost: ptr(0.8)}, now); err != nil {
		t.Fatal(err)
	}
	price := &usage.Price{In: 1, Out: 1, Cached: 1}
	midnight := time.Date(2026, 5, 3, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name   string
		b      Budget
		tokens int64
		cost   float64
		ok     bool
		reset  time.Time
	}{
		{"unlimited", Budget{}, 0, 0, true, time.Time{}},
		{"run only, ledger unread", Budget{PerRun: 5000}, 5000, 0, true, time.Time{}},
		{"earlier projects of the run count", Budget{PerRun: 5000, spent: usage.Tokens{In: 4000, Out: 500}}, 500, 0, true, time.Time{}},
		{"run spent", Budget{PerRun: 5000, spent: usage.Tokens{In: 5000}}, 0, 0, false, time.Time{}},
		{"day stricter", Budget{PerRun: 5000, PerDay: 1000, Ledger: led}, 200, 0, true, midnight},
		{"run stricter", Budget{PerRun: 100, PerDay: 1000, Ledger: led}, 100, 0, true, midnight},
		{"day spent", Budget{PerDay: 800, Ledger: led}, 0, 0, false, midnight},
		{"cost left", Budget{CostPerDay: 1, Price: price, Ledger: led}, 0, 0.2, true, midnight},
		{"cost spent", Budget{CostPerDay: 0.8, Price: price, Ledger: led}, 0, 0, false, midnight},
	} {
		ub, reset, ok, err := tc.b.left(now)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if ok != tc.ok || !reset.Equal(tc.reset) || (ok && (ub.Tokens != tc.tokens || (ub.Cost-tc.cost) > 1e-9 || (tc.cost-ub.Cost) > 1e-9)) {
			t.Errorf("%s: left = %+v, reset %v, ok %v; want tokens %d cost %v reset %v ok %v", tc.name, ub, reset, ok, tc.tokens, tc.cost, tc.reset, tc.ok)
		}
	}
}

func ptr[T any](v T) *T { return &v }
