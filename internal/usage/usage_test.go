package usage

import (
	"math"
	"testing"
)

func TestEstimateRoundsUp(t *testing.T) {
	for _, tc := range []struct{ in, want int64 }{{0, 0}, {-3, 0}, {1, 1}, {4, 1}, {5, 2}, {4000, 1000}} {
		if got := Estimate(tc.in); got != tc.want {
			t.Errorf("Estimate(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestAddKeepsEstimatedMark(t *testing.T) {
	a := Tokens{In: 10, Out: 2, Cached: 4}
	b := Tokens{In: 5, Out: 1, Estimated: true}
	got := a.Add(b)
	if got != (Tokens{In: 15, Out: 3, Cached: 4, Estimated: true}) || got.Total() != 18 {
		t.Fatalf("Add = %+v", got)
	}
	if a.Add(a).Estimated {
		t.Fatal("two reported figures add up to an estimated one")
	}
}

func TestCostPricesCachedTokensApart(t *testing.T) {
	p := Price{In: 2, Out: 8, Cached: 0.5}
	got := p.Cost(Tokens{In: 1_000_000, Cached: 400_000, Out: 100_000})
	want := 0.6*2 + 0.4*0.5 + 0.1*8
	if math.Abs(got-want) > 1e-9 {
		t.Fatalf("cost = %v, want %v", got, want)
	}
	// More cached than prompt tokens (a confused server) never makes the cost negative.
	if c := p.Cost(Tokens{In: 10, Cached: 50}); c < 0 {
		t.Fatalf("cost %v < 0", c)
	}
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		model string
		in    float64
		ok    bool
	}{
		{"gpt-4.1-mini", 0.40, true},
		{"GPT-4o", 2.50, true},
		{"gpt-4o-2024-08-06", 2.50, true},
		{"gpt-4o-mini-2024-07-18", 0.15, true},
		{"models/gemini-2.5-flash", 0.30, true},
		{"gemini-2.0-flash-001", 0.10, true},
		{"gpt-5-pro", 0, false}, // dearer variant, not priced as gpt-5
		{"gemini-2.5-flash-preview-09-2025", 0, false},
		{"llama3.1:8b", 0, false},
		{"", 0, false},
	} {
		p, ok := Lookup(tc.model)
		if ok != tc.ok || p.In != tc.in {
			t.Errorf("Lookup(%q) = %+v, %v; want in %v, %v", tc.model, p, ok, tc.in, tc.ok)
		}
	}
}

func TestResolve(t *testing.T) {
	if p, err := Resolve("llama3", 0, 0); p != nil || err != nil {
		t.Fatalf("unknown model without prices = %v, %v; want tokens only", p, err)
	}
	if _, err := Resolve("llama3", 1, 0); err == nil {
		t.Fatal("unknown model with only an input price: want an error")
	}
	p, err := Resolve("llama3", 1, 3)
	if err != nil || *p != (Price{In: 1, Out: 3, Cached: 1}) {
		t.Fatalf("Resolve = %+v, %v", p, err)
	}
	p, err = Resolve("gpt-4.1", 0, 9)
	if err != nil || *p != (Price{In: 2, Out: 9, Cached: 0.5}) {
		t.Fatalf("override out only = %+v, %v", p, err)
	}
	p, err = Resolve("gpt-4.1", 0.1, 0)
	if err != nil || p.In != 0.1 || p.Cached != 0.1 {
		t.Fatalf("override in below the cached price = %+v, %v; cached must not exceed in", p, err)
	}
}

func TestRoom(t *testing.T) {
	if r := (Budget{}).Room(Tokens{In: 1 << 40}); r != math.MaxInt64 {
		t.Fatalf("unlimited room = %d", r)
	}
	b := Budget{Tokens: 1000}
	if r := b.Room(Tokens{In: 700, Out: 100}); r != 200 {
		t.Fatalf("room = %d, want 200", r)
	}
	if r := b.Room(Tokens{In: 1200}); r != -200 {
		t.Fatalf("room past the budget = %d, want -200", r)
	}
	// $1 at $10/M out, $1 spent on 100k input at $10/M... room counts every token at the dearer price.
	c := Budget{Cost: 1, Price: &Price{In: 2, Out: 10, Cached: 2}}
	if r := c.Room(Tokens{In: 250_000}); r != 50_000 {
		t.Fatalf("cost room = %d, want 50000 ($0.50 left at $10/M)", r)
	}
	// A cost budget without a price bounds nothing here (the caller refuses that configuration).
	if r := (Budget{Cost: 1}).Room(Tokens{In: 5}); r != math.MaxInt64 {
		t.Fatalf("cost without price room = %d", r)
	}
	both := Budget{Tokens: 10_000, Cost: 1, Price: &Price{In: 2, Out: 10, Cached: 2}}
	if r := both.Room(Tokens{}); r != 10_000 {
		t.Fatalf("the stricter bound wins: room = %d", r)
	}
}
