package jobs

import (
	"context"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/ledger"
	"github.com/automem/automem/internal/usage"
)

// StatusBudget: the day's token or cost budget is spent (or the run's is
// too small for one request); the project waits for the reset in Until.
const StatusBudget = "budget"

// Budget is what the model may spend: per project run, per day across
// runs, in tokens and in dollars, with the ledger that keeps the day's
// account. The zero Budget is unlimited and keeps no account.
type Budget struct {
	// PerRun bounds the tokens of one run of the cycle, all its projects
	// together (0: none).
	PerRun int64
	// PerDay bounds the tokens of a day, all runs and projects (0: none).
	PerDay int64
	// CostPerDay bounds the dollars of a day (0: none); it needs Price.
	CostPerDay float64
	// Price is the model's price (nil: unknown, tokens only).
	Price *usage.Price
	// Model is the LLM extractor's model; when set, the dry run estimates
	// what the run would send (it is empty when the run would be offline,
	// which sends nothing).
	Model string
	// Ledger keeps the daily account (nil: none).
	Ledger *ledger.Ledger
	// ElideAfter is the agent's ElideAfterTurns, for the estimate.
	ElideAfter int

	// spent is what the earlier projects of this run spent (Run keeps it).
	spent usage.Tokens
	// claim names this project's run among the live claims of the ledger
	// (claimKey; set by spendable).
	claim string
}

// claimKey names a project's run in this process among the ledger's live
// claims.
func claimKey(t Target) string {
	return fmt.Sprintf("%d %s %s", os.Getpid(), t.Source, t.Project.ID)
}

// daily says whether the budget needs the ledger.
func (b Budget) daily() bool { return b.Ledger != nil && (b.PerDay > 0 || b.CostPerDay > 0) }

// left is what a project's extraction may spend now: the stricter of what
// is left of the run's budget and of the day's. ok is false when either is
// gone, with reset the start of the next day when the day's is.
func (b Budget) left(now time.Time) (_ usage.Budget, reset time.Time, ok bool, err error) {
	ub := usage.Budget{Tokens: b.PerRun, Price: b.Price}
	if b.PerRun > 0 {
		ub.Tokens = b.PerRun - b.spent.Total()
		if ub.Tokens <= 0 {
			return ub, time.Time{}, false, nil
		}
	}
	if !b.daily() {
		return ub, time.Time{}, true, nil
	}
	today, err := b.Ledger.Committed(now, b.claim)
	if err != nil {
		return ub, time.Time{}, false, err
	}
	_, reset = b.Ledger.Day(now)
	// Runs in other processes spend the same day: each request checks
	// and claims its share under the ledger's lock.
	ub.Shared = b.shared(now)
	if b.PerDay > 0 {
		rest := b.PerDay - today.Total()
		if rest <= 0 {
			return ub, reset, false, nil
		}
		if ub.Tokens == 0 || rest < ub.Tokens {
			ub.Tokens = rest
		}
	}
	if b.CostPerDay > 0 && b.Price != nil {
		ub.Cost = b.CostPerDay - today.Cost
		if ub.Cost <= 0 {
			return ub, reset, false, nil
		}
	}
	return ub, reset, true, nil
}

// shared is the day's budget as the agent checks it before each request:
// the ledger and the other runs' live claims, read and claimed under the
// ledger's lock, so two processes cannot both spend what is left.
func (b Budget) shared(runAt time.Time) usage.Shared {
	return func(ctx context.Context, want usage.Tokens, answer int64) (int64, error) {
		var room int64
		err := b.Ledger.Reserve(ctx, b.claim, runAt, func(committed ledger.Spend) *ledger.Claim {
			room = b.dayRoom(committed, want)
			c := &ledger.Claim{PID: os.Getpid(), At: runAt, Tokens: want.Add(usage.Tokens{Out: min(max(room, 0), answer)})}
			if b.Price != nil {
				cost := b.Price.Cost(c.Tokens)
				c.Cost = &cost
			}
			return c
		})
		return room, err
	}
}

// dayRoom is how many more tokens the day's budgets leave after committed
// and want, priced as output like usage.Budget.Room.
func (b Budget) dayRoom(committed ledger.Spend, want usage.Tokens) int64 {
	room := int64(math.MaxInt64)
	if b.PerDay > 0 {
		room = b.PerDay - committed.Total() - want.Total()
	}
	if b.CostPerDay > 0 && b.Price != nil {
		left := b.CostPerDay - committed.Cost
		if left <= 0 {
			return min(room, -1)
		}
		room = min(room, usage.Budget{Cost: left, Price: b.Price}.Room(want))
	}
	return room
}

// record adds a run that reached the model to the ledger and drops the
// run's live claim (claimed: it may have one) in the same step.
func (b Budget) record(ctx context.Context, cfg Config, t Target, out Outcome, claimed bool) error {
	if b.Ledger == nil || (out.Tokens.Total() == 0 && !claimed) {
		return nil
	}
	var e *ledger.Entry
	if out.Tokens.Total() > 0 {
		e = &ledger.Entry{
			At: cfg.Now, Source: t.Source, Project: t.Project.ID, Root: t.Project.Root, Model: out.Model,
			Tokens: out.Tokens, Cost: out.Cost, TerminateReason: out.TerminateReason,
		}
	}
	if err := b.Ledger.Settle(context.WithoutCancel(ctx), claimKey(t), e, cfg.Now); err != nil {
		return fmt.Errorf("record usage: %w", err)
	}
	return nil
}

// UsageReport is what a run spent on one project (extract --json).
type UsageReport struct {
	usage.Tokens
	// Cost in US dollars, absent when the price is unknown.
	Cost  *float64 `json:"cost,omitempty"`
	Model string   `json:"model,omitempty"`
}

func usageReport(out Outcome) *UsageReport {
	if out.Tokens.Total() == 0 {
		return nil
	}
	return &UsageReport{Tokens: out.Tokens, Cost: out.Cost, Model: out.Model}
}

// logSpend adds the run's spend to a log line.
func logSpend(ev *zerolog.Event, out Outcome) *zerolog.Event {
	ev = ev.Int64("tokensIn", out.Tokens.In).Int64("tokensOut", out.Tokens.Out).Int64("tokensCached", out.Tokens.Cached).
		Bool("tokensEstimated", out.Tokens.Estimated)
	if out.Cost != nil {
		ev = ev.Float64("cost", *out.Cost)
	}
	return ev
}
