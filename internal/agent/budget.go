package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/automem/automem/internal/usage"
)

// ErrBudget: the next request could pass the run's token or cost budget, so
// it was not sent.
var ErrBudget = errors.New("token budget spent")

// ErrQuotaLow: the endpoint's rate-limit headers say less than the minimum
// share of the user's quota is left; the run stops to leave it to them.
var ErrQuotaLow = errors.New("remaining rate-limit quota under the minimum")

// Budget room thresholds, in tokens.
const (
	// minRoom is the least room for an answer; with less, no request is sent.
	minRoom = 256
	// tightRoom: with less room than this for the answer, the request
	// carries max_tokens so the endpoint itself cannot overrun the budget.
	tightRoom = 16384
	// guardRatio is the prompt tokens per request byte assumed before the
	// first answer: two bytes a token, where real tokenizers make 3 to 4.5
	// of English, code and JSON (and only CJK-heavy text comes near 2).
	// Later requests use the ratio the endpoint reported, plus guardMargin.
	guardRatio  = 0.5
	guardMargin = 1.1
)

// meter counts what a run spends and refuses a request the budget cannot
// pay for. The HTTP layer asks it before every attempt; the loop tells it
// what each answer cost.
type meter struct {
	mu     sync.Mutex
	budget usage.Budget
	spent  usage.Tokens
	// ratio is prompt tokens per request byte from the last answer (0
	// before the first).
	ratio float64
	// lastBody is the size of the last request that got an answer.
	lastBody int64
	// limited holds the headers of the last 429 answer.
	limited http.Header
}

// rateLimited keeps the headers of a 429 answer.
func (m *meter) rateLimited(h http.Header) {
	m.mu.Lock()
	m.limited = h.Clone()
	m.mu.Unlock()
}

// limitedUntil is when the last 429 said to come back: the reset of its
// rate-limit headers, else its Retry-After; ok is false when it said
// neither.
func (m *meter) limitedUntil(now time.Time) (time.Time, bool) {
	m.mu.Lock()
	h := m.limited
	m.mu.Unlock()
	if h == nil {
		return time.Time{}, false
	}
	t := retryAfterTime(h, now)
	if q, ok := readQuota(h, now); ok && !q.Reset.IsZero() {
		t = q.Reset
	}
	if t.IsZero() {
		return time.Time{}, false
	}
	return (&Quota{Reset: t}).until(now), true
}

// admit is asked before a request of n bytes. It returns ErrBudget when
// the prompt alone would leave less than minRoom for the answer, else the
// max_tokens to send (0: no cap needed).
func (m *meter) admit(ctx context.Context, n int) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.budget.Limited() {
		return 0, nil
	}
	ratio := guardRatio
	if m.ratio > 0 {
		ratio = m.ratio * guardMargin
	}
	prompt := int64(math.Ceil(float64(n) * ratio))
	want := m.spent.Add(usage.Tokens{In: prompt})
	room := m.budget.Room(want)
	if m.budget.Shared != nil {
		// The day's budget, as other processes have spent and claimed it.
		shared, err := m.budget.Shared(ctx, want, min(max(room, 0), tightRoom))
		if err != nil {
			return 0, fmt.Errorf("check the day's budget: %w", err)
		}
		room = min(room, shared)
	}
	if room < minRoom {
		return 0, fmt.Errorf("%w: %d tokens spent, the next request needs about %d", ErrBudget, m.spent.Total(), prompt+minRoom)
	}
	if room < tightRoom {
		return room, nil
	}
	return 0, nil
}

// answered records the size of a request that got a 2xx answer.
func (m *meter) answered(n int) {
	m.mu.Lock()
	m.lastBody = int64(n)
	m.mu.Unlock()
}

// account adds one answer's usage: as reported, or estimated from the
// bytes sent and received when the endpoint reported none.
func (m *meter) account(resp openai.ChatCompletionResponse) usage.Tokens {
	m.mu.Lock()
	defer m.mu.Unlock()
	u := resp.Usage
	var t usage.Tokens
	if u.PromptTokens > 0 || u.CompletionTokens > 0 {
		t = usage.Tokens{In: int64(u.PromptTokens), Out: int64(u.CompletionTokens)}
		if d := u.PromptTokensDetails; d != nil {
			t.Cached = int64(min(max(d.CachedTokens, 0), u.PromptTokens))
		}
		if m.lastBody > 0 && u.PromptTokens > 0 {
			m.ratio = float64(u.PromptTokens) / float64(m.lastBody)
		}
	} else {
		t = usage.Tokens{In: usage.Estimate(m.lastBody), Out: usage.Estimate(answerBytes(resp)), Estimated: true}
		// Without reports the budget is kept in estimated tokens.
		m.ratio = 1.0 / usage.BytesPerToken
	}
	m.spent = m.spent.Add(t)
	return t
}

func (m *meter) total() usage.Tokens {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.spent
}

// answerBytes is the size of what the model wrote: text and tool calls.
func answerBytes(resp openai.ChatCompletionResponse) int64 {
	var n int
	for _, c := range resp.Choices {
		n += len(c.Message.Content)
		for _, tc := range c.Message.ToolCalls {
			n += len(tc.Function.Name) + len(tc.Function.Arguments)
		}
	}
	return int64(n)
}

// withMaxTokens sets max_tokens in a chat-completions request body (the
// body is returned unchanged if it cannot be parsed).
func withMaxTokens(body []byte, n int64) []byte {
	var req map[string]json.RawMessage
	if json.Unmarshal(body, &req) != nil {
		return body
	}
	req["max_tokens"] = json.RawMessage(fmt.Sprint(n))
	out, ok := marshal(req)
	if !ok {
		return body
	}
	return out
}

// quotaFloor is how long a low-quota stop waits when the headers give no
// reset time; quotaCeil caps any wait.
const (
	quotaFloor = 5 * time.Minute
	quotaCeil  = 24 * time.Hour
)

// until is when to try again after a low reading: its reset, or
// quotaFloor from now when the headers gave none, at most quotaCeil away.
func (q *Quota) until(now time.Time) time.Time {
	switch {
	case q.Reset.IsZero():
		return now.Add(quotaFloor)
	case q.Reset.Before(now):
		return now
	case q.Reset.After(now.Add(quotaCeil)):
		return now.Add(quotaCeil)
	}
	return q.Reset
}
