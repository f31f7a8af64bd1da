package usage

import (
	"fmt"
	"strings"
	"unicode"
)

// Price is a model's list price in US dollars per million tokens.
type Price struct {
	In     float64 `json:"in"`
	Out    float64 `json:"out"`
	Cached float64 `json:"cached"` // cached prompt tokens; equal to In when a provider gives no discount
}

// Cost is what t costs at p, in dollars.
func (p Price) Cost(t Tokens) float64 {
	cached := min(max(t.Cached, 0), t.In)
	return (float64(t.In-cached)*p.In + float64(cached)*p.Cached + float64(t.Out)*p.Out) / 1e6
}

// prices are list prices (USD per million tokens, standard tier, prompts
// under 200k tokens) of common models, as published by OpenAI and Google
// in 2025. They date; --price-in and --price-out override them, and a model
// not listed is accounted in tokens only.
var prices = map[string]Price{
	"gpt-4o":                {In: 2.50, Out: 10.00, Cached: 1.25},
	"gpt-4o-mini":           {In: 0.15, Out: 0.60, Cached: 0.075},
	"gpt-4.1":               {In: 2.00, Out: 8.00, Cached: 0.50},
	"gpt-4.1-mini":          {In: 0.40, Out: 1.60, Cached: 0.10},
	"gpt-4.1-nano":          {In: 0.10, Out: 0.40, Cached: 0.025},
	"gpt-5":                 {In: 1.25, Out: 10.00, Cached: 0.125},
	"gpt-5-mini":            {In: 0.25, Out: 2.00, Cached: 0.025},
	"gpt-5-nano":            {In: 0.05, Out: 0.40, Cached: 0.005},
	"o4-mini":               {In: 1.10, Out: 4.40, Cached: 0.275},
	"gemini-2.5-pro":        {In: 1.25, Out: 10.00, Cached: 0.31},
	"gemini-2.5-flash":      {In: 0.30, Out: 2.50, Cached: 0.075},
	"gemini-2.5-flash-lite": {In: 0.10, Out: 0.40, Cached: 0.025},
	"gemini-2.0-flash":      {In: 0.10, Out: 0.40, Cached: 0.025},
	"gemini-2.0-flash-lite": {In: 0.075, Out: 0.30, Cached: 0.075},
}

// Lookup finds the list price of a model: its exact name, or a listed name
// followed by a dated or numbered version ("gpt-4o-2024-08-06",
// "gemini-2.0-flash-001"); a "models/" prefix is ignored. Any other name is
// unknown, so a dearer variant ("gpt-5-pro") is never priced as its base.
func Lookup(model string) (Price, bool) {
	m := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(model), "models/"))
	if p, ok := prices[m]; ok {
		return p, true
	}
	best := ""
	for name := range prices {
		rest, ok := strings.CutPrefix(m, name+"-")
		if ok && rest != "" && isVersion(rest) && len(name) > len(best) {
			best = name
		}
	}
	if best == "" {
		return Price{}, false
	}
	return prices[best], true
}

// isVersion accepts digits and dashes only: a date or a release number.
func isVersion(s string) bool {
	for _, r := range s {
		if r != '-' && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// Resolve is the price a run uses: the table's, with in and out (per
// million tokens; 0 = not given) overriding it. An unknown model
// needs both (a missing output price would understate every cost); its
// cached price is then the input price. nil means unknown: tokens only.
func Resolve(model string, in, out float64) (*Price, error) {
	p, ok := Lookup(model)
	if !ok && (in > 0) != (out > 0) {
		return nil, fmt.Errorf("model %q has no built-in price: give both --price-in and --price-out", model)
	}
	if in > 0 {
		p.In, p.Cached, ok = in, min(p.Cached, in), true
		if p.Cached == 0 {
			p.Cached = in
		}
	}
	if out > 0 {
		p.Out, ok = out, true
	}
	if !ok {
		return nil, nil
	}
	return &p, nil
}
