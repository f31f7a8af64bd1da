// Package agent runs the LLM extraction agent: a bounded tool-calling loop
// against any OpenAI-compatible chat-completions endpoint. The model is
// treated as untrusted: it only ever reaches the filesystem through a
// Workspace (the sandbox), every text it gets back passes a redaction hook,
// malformed calls run nothing, and turns, wall time, retries and response
// sizes are all capped, so a confused or hijacked model can waste at most
// one run's budget.
package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/internal/usage"
	"github.com/rs/zerolog"
	openai "github.com/sashabaranov/go-openai"
)

// TerminateReason says why a run ended; it is recorded in the state file
// with Gemini CLI's spelling.
type TerminateReason string

// Terminate reasons.
const (
	Goal     TerminateReason = "GOAL"      // the model called complete_task
	MaxTurns TerminateReason = "MAX_TURNS" // the turn budget ran out
	Timeout  TerminateReason = "TIMEOUT"   // the run's wall-time budget ran out
	Aborted  TerminateReason = "ABORTED"   // the caller's context was cancelled (SIGTERM/SIGINT)
	Budget   TerminateReason = "BUDGET"    // the token/cost budget or the provider quota ran low
	Error    TerminateReason = "ERROR"     // endpoint failure, auth failure or a misbehaving model
)

// Errors a Result may carry, for errors.Is.
var (
	// ErrAuth: the endpoint refused the key (401/403); retrying cannot help.
	ErrAuth = errors.New("auth: the model endpoint refused the api key")
	// ErrNoCompletion: the model stopped calling tools without complete_task,
	// even after one reminder.
	ErrNoCompletion = errors.New("model stopped without calling complete_task")
	// ErrBadCalls: too many malformed tool calls in a row.
	ErrBadCalls = errors.New("too many malformed tool calls in a row")
)

// Workspace is what the agent's file tools run against; *sandbox.Sandbox
// implements it. Errors are shown to the model, so they must not carry file
// content.
type Workspace interface {
	ReadFile(path string, offset, limit int) (string, error)
	WriteFile(path, content string) (string, error)
	Replace(path, old, new string, expected int) (string, error)
	ListDirectory(path string) (string, error)
	Glob(pattern, dir string) (string, error)
	GrepSearch(pattern, dir, include string) (string, error)
	// TranscriptsRead lists the offered transcripts whose rendering was
	// returned without error.
	TranscriptsRead() []string
}

// Config is one run's endpoint, budgets and injected world. Zero values get
// the documented defaults.
type Config struct {
	BaseURL string
	Model   string
	APIKey  credentials.Secret

	MaxTurns         int           // model calls per run (30)
	MaxTime          time.Duration // wall time per run (30m)
	RequestTimeout   time.Duration // per HTTP attempt (5m)
	MaxRetries       int           // extra attempts on 408/429/5xx/connection errors (3); negative means none
	MaxRetryWait     time.Duration // cap on one wait, Retry-After included (60s)
	MaxResponseBytes int64         // cap on one response body (8 MiB)
	MaxRequestBytes  int64         // cap on one request body, i.e. the whole conversation so far (4 MiB)
	MaxBadCalls      int           // consecutive malformed calls before ERROR (5)
	MaxCallsPerTurn  int           // tool calls executed per model turn; extras are dropped (16)
	MaxToolResult    int           // bytes of one tool result sent back (64 KiB)
	// ElideAfterTurns, when > 0, sends a tool result over 1 KiB with the
	// next ElideAfterTurns requests only and replaces it by a one-line stub
	// after that, so transcript pages are not re-sent with every later
	// request (bytes sent grow with turns otherwise). 0 keeps everything.
	ElideAfterTurns int
	// Budget bounds the tokens, and with a price the cost, of the run: no
	// request is sent that could pass it (the zero Budget is unlimited).
	// Budget.Price also prices Result.Cost.
	Budget usage.Budget
	// MinQuotaPercent, when > 0, stops the run (BUDGET) once an answer's
	// rate-limit headers say less than this share of the provider quota
	// is left, so the user's own interactive quota is left alone; Result
	// says until when to back off.
	MinQuotaPercent float64

	// HTTPClient carries the requests (a fresh client if nil).
	HTTPClient *http.Client
	// Now is the clock (time.Now if nil); used for Retry-After dates and durations.
	Now func() time.Time
	// Sleep waits between retries (a context-aware timer if nil).
	Sleep func(context.Context, time.Duration) error
	// Redact is applied to every text returned to the model (identity if nil).
	Redact func(string) string
	// BeforeTurn, if set, runs before every model call; an error ends the
	// run with ABORTED. The integrator uses it to refresh the lock heartbeat
	// and to stop when the lock was lost.
	BeforeTurn func(context.Context) error
	// Log receives warnings for refused or malformed calls and retries;
	// paths and text only at debug level.
	Log zerolog.Logger
}

func (c *Config) defaults() {
	if c.MaxTurns <= 0 {
		c.MaxTurns = 30
	}
	if c.MaxTime <= 0 {
		c.MaxTime = 30 * time.Minute
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 5 * time.Minute
	}
	if c.MaxRetries == 0 {
		c.MaxRetries = 3
	}
	if c.MaxRetries < 0 {
		c.MaxRetries = 0
	}
	if c.MaxRetryWait <= 0 {
		c.MaxRetryWait = 60 * time.Second
	}
	if c.MaxResponseBytes <= 0 {
		c.MaxResponseBytes = 8 << 20
	}
	if c.MaxRequestBytes <= 0 {
		c.MaxRequestBytes = 4 << 20
	}
	if c.MaxBadCalls <= 0 {
		c.MaxBadCalls = 5
	}
	if c.MaxCallsPerTurn <= 0 {
		c.MaxCallsPerTurn = 16
	}
	if c.MaxToolResult <= 0 {
		c.MaxToolResult = 64 << 10
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Sleep == nil {
		c.Sleep = sleepCtx
	}
	if c.Redact == nil {
		c.Redact = func(s string) string { return s }
	}
}

// Result is what the state file records about a run.
type Result struct {
	Reason TerminateReason
	Turns  int // model calls made
	// Tokens is the run's usage as the endpoint reported it, or estimated
	// from bytes (and marked so) for answers that carried none.
	Tokens usage.Tokens
	// Cost is Tokens at Config.Budget.Price; nil when the price is unknown.
	Cost      *float64
	BytesSent int64 // request bytes sent, retries included
	Retries   int   // HTTP retries taken
	// Quota is the last rate-limit reading (nil if no answer carried one).
	Quota *Quota
	// BackoffUntil, after a low-quota stop, is when the quota refills.
	BackoffUntil time.Time
	SessionsRead []string
	ToolCalls    int // tool calls executed or refused
	ToolErrors   int // tool calls that returned an error
	FinalText    string
	Duration     time.Duration
	// Err explains a non-GOAL end (nil for GOAL and MAX_TURNS; ErrBudget
	// or ErrQuotaLow for BUDGET).
	Err error
}

// nudge is the one reminder sent when the model answers with text only.
const nudge = "You answered without calling a tool. Continue with the tools, or call complete_task with your result now. This is the only reminder."

// Run drives one extraction: the system and first user message (see package
// prompt), then model turns until complete_task or a budget ends it. Every
// outcome, failure included, comes back as a Result; Run never panics on
// model output.
//
// All tool calls of a turn run, in order; a complete_task among them ends
// the run after the others. A reply with no tool call gets one reminder per
// run; a second one ends the run with ERROR (ErrNoCompletion) and its text in
// FinalText, as Gemini CLI treats a missing complete_task as an error.
func Run(ctx context.Context, cfg Config, ws Workspace, system, user string) Result {
	cfg.defaults()
	start := cfg.Now()
	d := &doer{
		client: cfg.HTTPClient, maxRetries: cfg.MaxRetries, maxWait: cfg.MaxRetryWait,
		reqTimeout: cfg.RequestTimeout, maxResp: cfg.MaxResponseBytes, maxReq: cfg.MaxRequestBytes,
		sleep: cfg.Sleep, now: cfg.Now, log: cfg.Log, meter: &meter{budget: cfg.Budget},
	}
	oc := openai.DefaultConfig(cfg.APIKey.Reveal())
	if cfg.BaseURL != "" {
		oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	oc.HTTPClient = d
	client := openai.NewClientWithConfig(oc)

	runCtx, cancel := context.WithTimeout(ctx, cfg.MaxTime)
	defer cancel()

	r := &run{cfg: cfg, ws: ws, log: cfg.Log, toolTurn: map[int]int{}, meter: d.meter}
	res := r.loop(ctx, runCtx, client, system, user)
	res.Tokens = d.meter.total()
	if p := cfg.Budget.Price; p != nil {
		c := p.Cost(res.Tokens)
		res.Cost = &c
	}
	res.BytesSent = d.sent.Load()
	res.Retries = int(d.retries.Load())
	res.SessionsRead = ws.TranscriptsRead()
	res.Duration = cfg.Now().Sub(start)
	ev := cfg.Log.Info()
	if res.Reason != Goal {
		ev = cfg.Log.Warn().AnErr("error", res.Err)
	}
	ev.Str("terminate", string(res.Reason)).Int("turns", res.Turns).Int("toolErrors", res.ToolErrors).
		Int("sessionsRead", len(res.SessionsRead)).Int64("bytesSent", res.BytesSent).
		Int64("tokensIn", res.Tokens.In).Int64("tokensOut", res.Tokens.Out).Bool("estimated", res.Tokens.Estimated).
		Msg("extraction agent finished")
	return res
}

// run is the state of one loop.
type run struct {
	cfg Config
	ws  Workspace
	log zerolog.Logger
	res Result
	bad int // consecutive malformed calls
	// toolTurn maps the index of each tool message in the conversation to
	// the turn that produced it, for ElideAfterTurns.
	toolTurn map[int]int
	meter    *meter
	// low is set when an answer said the quota is under MinQuotaPercent.
	low *Quota
}

// elideMin is the size below which a tool result is never elided: a stub
// would save nothing.
const elideMin = 1 << 10

// elide stubs out large tool results older than ElideAfterTurns turns.
func (r *run) elide(msgs []openai.ChatCompletionMessage) {
	if r.cfg.ElideAfterTurns <= 0 {
		return
	}
	for i, turn := range r.toolTurn {
		if r.res.Turns-turn <= r.cfg.ElideAfterTurns || len(msgs[i].Content) <= elideMin {
			continue
		}
		msgs[i].Content = fmt.Sprintf("[%d bytes of this tool result were dropped from the conversation to save space; call the tool again if you still need them]", len(msgs[i].Content))
		delete(r.toolTurn, i)
	}
}

func (r *run) loop(parent, ctx context.Context, client *openai.Client, system, user string) Result {
	msgs := []openai.ChatCompletionMessage{
		{Role: openai.ChatMessageRoleSystem, Content: system},
		// The user message carries transcript-derived text (index lines,
		// pending patches); it is redacted like every tool result.
		{Role: openai.ChatMessageRoleUser, Content: r.cfg.Redact(user)},
	}
	tools := toolDefs()
	nudged := false
	for {
		if r.res.Turns >= r.cfg.MaxTurns {
			return r.end(MaxTurns, nil)
		}
		if err := ctx.Err(); err != nil {
			return r.end(r.ctxReason(parent, ctx), err)
		}
		if q := r.low; q != nil {
			r.res.BackoffUntil = q.until(r.cfg.Now())
			return r.end(Budget, fmt.Errorf("%w: %.0f%% of the %s quota left (minimum %.0f%%), backing off until %s",
				ErrQuotaLow, q.Percent, q.Dimension, r.cfg.MinQuotaPercent, r.res.BackoffUntil.UTC().Format(time.RFC3339)))
		}
		if r.cfg.BeforeTurn != nil {
			if err := r.cfg.BeforeTurn(ctx); err != nil {
				return r.end(Aborted, fmt.Errorf("before turn %d: %w", r.res.Turns+1, err))
			}
		}
		r.res.Turns++
		r.elide(msgs)
		resp, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
			Model: r.cfg.Model, Messages: msgs, Tools: tools,
		})
		if errors.Is(err, ErrBudget) {
			r.res.Turns-- // not sent
			return r.end(Budget, err)
		}
		if err != nil {
			return r.fail(parent, ctx, err)
		}
		r.meter.account(resp)
		r.quota(resp.Header())
		if len(resp.Choices) == 0 {
			return r.end(Error, errors.New("model response has no choices"))
		}
		m := resp.Choices[0].Message
		r.log.Debug().Int("turn", r.res.Turns).Int("toolCalls", len(m.ToolCalls)).Str("finish", string(resp.Choices[0].FinishReason)).Msg("model turn")
		if len(m.ToolCalls) == 0 {
			r.res.FinalText = m.Content
			if nudged {
				return r.end(Error, ErrNoCompletion)
			}
			nudged = true
			msgs = append(msgs,
				openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: m.Content},
				openai.ChatCompletionMessage{Role: openai.ChatMessageRoleUser, Content: nudge})
			continue
		}
		calls := m.ToolCalls
		if len(calls) > r.cfg.MaxCallsPerTurn {
			r.log.Warn().Int("calls", len(calls)).Int("kept", r.cfg.MaxCallsPerTurn).Msg("model sent too many tool calls in one turn; extra calls dropped")
			calls = calls[:r.cfg.MaxCallsPerTurn]
		}
		echo := openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: m.Content}
		var replies []openai.ChatCompletionMessage
		done := false
		for i, tc := range calls {
			if tc.ID == "" {
				tc.ID = fmt.Sprintf("call_%d_%d", r.res.Turns, i)
			}
			tc.Type = openai.ToolTypeFunction
			tc.Index = nil
			echo.ToolCalls = append(echo.ToolCalls, tc)
			out, finished := r.execute(tc)
			if finished {
				done = true
			}
			r.toolTurn[len(msgs)+1+len(replies)] = r.res.Turns
			replies = append(replies, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleTool, ToolCallID: tc.ID, Content: out})
		}
		if done {
			return r.end(Goal, nil)
		}
		if r.bad >= r.cfg.MaxBadCalls {
			return r.end(Error, ErrBadCalls)
		}
		msgs = append(msgs, echo)
		msgs = append(msgs, replies...)
	}
}

// execute runs one call and returns the (redacted, capped) text for the
// model and whether it was a valid complete_task.
func (r *run) execute(tc openai.ToolCall) (string, bool) {
	r.res.ToolCalls++
	name := tc.Function.Name
	c, err := DecodeCall(name, tc.Function.Arguments)
	if err != nil {
		r.bad++
		r.res.ToolErrors++
		r.log.Warn().Str("tool", clip(r.cfg.Redact(name), 64)).Str("problem", clip(r.cfg.Redact(err.Error()), 300)).Msg("malformed tool call refused")
		return r.reply(r.toolError(kindBadCall, err)), false
	}
	r.bad = 0
	if c.Name == ToolCompleteTask {
		r.res.FinalText = c.Result
		return "Task completed.", true
	}
	var out string
	switch c.Name {
	case ToolReadFile:
		out, err = r.ws.ReadFile(c.Path, c.Offset, c.Limit)
	case ToolWriteFile:
		out, err = r.ws.WriteFile(c.Path, c.Content)
	case ToolReplace:
		out, err = r.ws.Replace(c.Path, c.Old, c.New, c.Expected)
	case ToolListDirectory:
		out, err = r.ws.ListDirectory(c.Path)
	case ToolGlob:
		out, err = r.ws.Glob(c.Pattern, c.Path)
	case ToolGrepSearch:
		out, err = r.ws.GrepSearch(c.Pattern, c.Path, c.Include)
	}
	if err != nil {
		r.res.ToolErrors++
		ev, kind := r.log.Debug(), kindFailed
		var den interface{ Denied() bool }
		if errors.As(err, &den) && den.Denied() {
			ev, kind = r.log.Warn(), kindDenied
		}
		ev.Str("tool", c.Name).Str("path", clip(r.cfg.Redact(c.Path), 200)).Str("problem", clip(r.cfg.Redact(err.Error()), 300)).Msg("tool call refused")
		return r.reply(r.toolError(kind, err)), false
	}
	r.log.Debug().Str("tool", c.Name).Str("path", clip(r.cfg.Redact(c.Path), 200)).Int("bytes", len(out)).Msg("tool call")
	return r.reply(out), false
}

// Kinds of tool error reported to the model.
const (
	kindBadCall = "bad_call" // malformed call; nothing ran
	kindDenied  = "denied"   // refused by the sandbox policy
	kindFailed  = "failed"   // allowed, but the operation failed (not found, no match…)
)

// toolError is the structured answer to a failed call:
// {"error":{"kind":"denied","message":"…"}}.
func (r *run) toolError(kind string, err error) string {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"kind": kind, "message": r.cfg.Redact(err.Error())}})
	return string(b)
}

// reply redacts and caps a tool answer; an empty answer becomes a short
// note because some endpoints reject empty tool messages.
func (r *run) reply(s string) string {
	s = r.cfg.Redact(s)
	if len(s) > r.cfg.MaxToolResult {
		s = s[:r.cfg.MaxToolResult] + "\n[output cut; page with offset/limit]"
	}
	if s == "" {
		s = "(empty)"
	}
	return s
}

// quota reads an answer's rate-limit headers and remembers a low reading,
// which ends the run before its next request.
func (r *run) quota(h http.Header) {
	q, ok := readQuota(h, r.cfg.Now())
	if !ok {
		return
	}
	r.res.Quota = &q
	if q.Percent < r.cfg.MinQuotaPercent {
		r.log.Warn().Float64("percentLeft", q.Percent).Str("dimension", q.Dimension).Msg("provider quota low; stopping after this turn")
		r.low = &q
	}
}

func (r *run) end(reason TerminateReason, err error) Result {
	r.res.Reason, r.res.Err = reason, err
	return r.res
}

// ctxReason tells a cancelled caller (ABORTED) from the run's own deadline
// (TIMEOUT).
func (r *run) ctxReason(parent, ctx context.Context) TerminateReason {
	if parent.Err() != nil {
		return Aborted
	}
	return Timeout
}

// fail classifies an endpoint error.
func (r *run) fail(parent, ctx context.Context, err error) Result {
	if ctx.Err() != nil {
		return r.end(r.ctxReason(parent, ctx), fmt.Errorf("model request: %w", err))
	}
	status := 0
	var ae *openai.APIError
	var re *openai.RequestError
	switch {
	case errors.As(err, &ae):
		status = ae.HTTPStatusCode
	case errors.As(err, &re):
		status = re.HTTPStatusCode
	}
	if status == http.StatusUnauthorized || status == http.StatusForbidden {
		return r.end(Error, fmt.Errorf("%w (status %d)", ErrAuth, status))
	}
	if status == http.StatusTooManyRequests {
		// Still rate-limited after the retries: when the provider said
		// when its quota refills, wait for that instead of failing.
		if until, ok := r.meter.limitedUntil(r.cfg.Now()); ok {
			r.res.BackoffUntil = until
			return r.end(Budget, fmt.Errorf("%w: still rate-limited after %d retries, backing off until %s",
				ErrQuotaLow, r.cfg.MaxRetries, until.UTC().Format(time.RFC3339)))
		}
	}
	return r.end(Error, fmt.Errorf("model request: %w", err))
}
