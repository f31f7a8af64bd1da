// Package usage is the accounting of model traffic: tokens in, out and
// cached, whether the endpoint reported them or they were estimated from
// bytes, what they cost at a model's price, and the budget a run may still
// spend. It exists so the agent, the run record, the daily ledger and the
// dry-run estimate all count the same way.
package usage

import (
	"context"
	"math"
)

// BytesPerToken is the rule of thumb used when an endpoint reports no
// usage: about four bytes of English or JSON per token.
const BytesPerToken = 4

// Tokens is the traffic of one request, one run or one day.
type Tokens struct {
	// In counts prompt tokens, Cached included.
	In int64 `json:"in"`
	// Out counts completion tokens.
	Out int64 `json:"out"`
	// Cached counts the prompt tokens the endpoint served from its cache
	// (billed at a lower price by most providers).
	Cached int64 `json:"cached"`
	// Estimated is true when any part was estimated from bytes because the
	// endpoint did not report it.
	Estimated bool `json:"estimated"`
}

// Total is In + Out.
func (t Tokens) Total() int64 { return t.In + t.Out }

// Add sums two figures; the sum is estimated if either part is.
func (t Tokens) Add(o Tokens) Tokens {
	return Tokens{In: t.In + o.In, Out: t.Out + o.Out, Cached: t.Cached + o.Cached, Estimated: t.Estimated || o.Estimated}
}

// Estimate is the token count of n bytes, rounded up.
func Estimate(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return (n + BytesPerToken - 1) / BytesPerToken
}

// Budget is what a run may still spend. A zero field is no limit.
type Budget struct {
	// Tokens bounds In + Out.
	Tokens int64
	// Cost bounds the cost at Price; it needs a Price.
	Cost float64
	// Price converts tokens to cost (nil: unknown model, tokens only).
	Price *Price
	// Shared, when set, is a budget shared with runs in other processes
	// (the day's), asked before every request.
	Shared Shared
}

// Shared checks a request against a budget other processes spend too:
// want is what the run will have spent once the request's prompt is sent,
// answer the most tokens it lets the answer take. It returns the room the
// shared budget leaves for the answer (negative when it is passed) and
// records want plus what of answer fits, where the other runs see it,
// until the run's spend is settled.
type Shared func(ctx context.Context, want Tokens, answer int64) (room int64, err error)

// Limited says whether the budget bounds anything.
func (b Budget) Limited() bool { return b.Tokens > 0 || b.Cost > 0 || b.Shared != nil }

// Room is how many more tokens may be spent after spent, when the next
// tokens are all priced as output (the dearer kind), so Room never lets the
// cost pass its bound. It is math.MaxInt64 for an unlimited budget and may
// be negative when the budget is already passed.
func (b Budget) Room(spent Tokens) int64 {
	room := int64(math.MaxInt64)
	if b.Tokens > 0 {
		room = b.Tokens - spent.Total()
	}
	if b.Cost > 0 && b.Price != nil {
		left := b.Cost - b.Price.Cost(spent)
		perToken := max(b.Price.In, b.Price.Out) / 1e6
		if perToken > 0 {
			room = min(room, int64(math.Floor(left/perToken+1e-6)))
		}
	}
	return room
}
