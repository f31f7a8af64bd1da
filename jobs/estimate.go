package jobs

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/usage"
)

// Estimate is the dry run's forecast of what an LLM run on a project would
// send and cost. It is computed, not measured: from the rendered bytes of
// the sessions the run would offer, the prompt and the memory files, over
// a conversation that reads each page once, then writes and completes.
type Estimate struct {
	// Estimated is always true: the figures are a forecast.
	Estimated bool   `json:"estimated"`
	Model     string `json:"model,omitempty"`
	Sessions  int    `json:"sessions"`
	Requests  int    `json:"requests"`
	BytesSent int64  `json:"bytesSent"`
	TokensIn  int64  `json:"tokensIn"`
	TokensOut int64  `json:"tokensOut"`
	// Cost in US dollars, when the model's price is known.
	Cost *float64 `json:"cost,omitempty"`
	// DayTokensLeft and DayCostLeft are what the daily budgets still
	// allow (absent when not set).
	DayTokensLeft *int64   `json:"dayTokensLeft,omitempty"`
	DayCostLeft   *float64 `json:"dayCostLeft,omitempty"`
}

// Conversation constants of the estimate, in bytes or tokens.
const (
	estEnvelope  = 200  // JSON of a request beyond its messages and tools
	estPerTurn   = 260  // an assistant tool call and its tool message frame, kept for good
	estStub      = 180  // what an elided tool result becomes
	estPatch     = 1500 // the patch the model writes, echoed in the last request
	estOutPerReq = 60   // completion tokens of a tool call
)

// estimate forecasts the LLM run on t with the index lines it would get.
func estimate(cfg Config, t Target, lines []index.Line, redact func(string) string) *Estimate {
	dir := t.Dir
	job := &Job{Project: t.Project, Dir: dir, Lines: lines, Redact: redact}
	system, user := llmPrompt(job)
	base := int64(len(system)+len(jsonEscapes(user))+agent.ToolSchemaBytes()) + estEnvelope
	// One tool result per turn: every page of every offered session, then
	// each memory file.
	var results []int64
	offered := index.NewSessions(lines)
	for _, e := range offered {
		r, err := render.File(e.Path, e.Session.Source, redact, render.Options{})
		if err != nil {
			continue
		}
		results = append(results, pages(r)...)
	}
	for _, f := range memorySizes(dir.Targets.MemoryDir, dir.Targets.GlobalMemory) {
		results = append(results, f)
	}
	est := &Estimate{Estimated: true, Model: cfg.Budget.Model, Sessions: len(offered)}
	est.Requests, est.BytesSent = conversation(base, results, cfg.Budget.ElideAfter)
	est.TokensIn = usage.Estimate(est.BytesSent)
	est.TokensOut = int64(est.Requests)*estOutPerReq + usage.Estimate(estPatch)
	tokens := usage.Tokens{In: est.TokensIn, Out: est.TokensOut, Estimated: true}
	if p := cfg.Budget.Price; p != nil {
		c := p.Cost(tokens)
		est.Cost = &c
	}
	if cfg.Budget.daily() {
		if today, err := cfg.Budget.Ledger.Today(cfg.Now); err == nil {
			if cfg.Budget.PerDay > 0 {
				left := max(cfg.Budget.PerDay-today.Total(), 0)
				est.DayTokensLeft = &left
			}
			if cfg.Budget.CostPerDay > 0 {
				left := max(cfg.Budget.CostPerDay-today.Cost, 0)
				est.DayCostLeft = &left
			}
		} else {
			cfg.Log.Warn().Err(err).Msg("usage ledger unreadable; daily budget left unknown")
		}
	}
	return est
}

// conversation adds up a run that gets one tool result per turn, then
// writes a patch and completes: each request carries the prompt, every
// earlier turn's frame, and the tool results not yet elided (a result is
// sent with the elideAfter requests after it; all later ones with 0).
func conversation(base int64, results []int64, elideAfter int) (requests int, sent int64) {
	requests = len(results) + 2
	for k := 1; k <= requests; k++ {
		req := base + int64(k-1)*estPerTurn
		for j, size := range results {
			turn := j + 1 // the answer to request turn produced it
			if turn >= k {
				break
			}
			if elideAfter > 0 && k-turn > elideAfter && size > 1<<10 {
				req += estStub
				continue
			}
			req += size
		}
		if k == requests {
			req += estPatch
		}
		sent += req
	}
	return requests, sent
}

// pages are the JSON-escaped sizes of the read_file answers that page
// through a rendering (render.DefaultLimit lines or MaxPageBytes a page).
func pages(r *render.Rendering) []int64 {
	var out []int64
	var cur int64
	n := 0
	for _, l := range r.Lines {
		size := int64(len(jsonEscapes(l))) + 2 // the line and its escaped newline
		if n > 0 && (n >= render.DefaultLimit || cur+size > render.MaxPageBytes) {
			out = append(out, cur+100) // the page footer
			cur, n = 0, 0
		}
		cur += size
		n++
	}
	return append(out, cur+100)
}

// jsonEscapes is s with the characters JSON escapes doubled, which is how
// it grows inside a request body.
func jsonEscapes(s string) string {
	n := strings.Count(s, `"`) + strings.Count(s, `\`) + strings.Count(s, "\n") + strings.Count(s, "\t")
	if n == 0 {
		return s
	}
	return s + strings.Repeat(" ", n)
}

// memorySizes are the sizes of the memory files the model would read: the
// Markdown files of the memory dir and the global memory file.
func memorySizes(memoryDir, global string) []int64 {
	var out []int64
	matches, _ := filepath.Glob(filepath.Join(memoryDir, "*.md"))
	for _, p := range append(matches, global) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			out = append(out, fi.Size()+fi.Size()/40) // lines escape their newlines
		}
	}
	return out
}
