package modeltest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
	"unicode"

	openai "github.com/sashabaranov/go-openai"
)

// Meter makes the server account like a metered provider: a usage object
// counted by its own tokenizer (not the client's bytes/4 rule, so a
// client's estimate is really tested), cached prompt tokens, and OpenAI's
// x-ratelimit-* headers over a quota that the requests drain. The zero
// Meter reports usage and no headers.
type Meter struct {
	// NoUsage leaves the usage object out of every answer, as some
	// self-hosted servers do.
	NoUsage bool
	// CachedPercent of each prompt is reported as cached.
	CachedPercent int
	// QuotaTokens, when > 0, is the token quota of the window: answers
	// carry x-ratelimit-limit-tokens and x-ratelimit-remaining-tokens
	// (QuotaTokens less all tokens served so far, at least 0).
	QuotaTokens int64
	// QuotaRequests, when > 0, does the same for requests.
	QuotaRequests int64
	// Reset is sent as x-ratelimit-reset-tokens and -requests ("6m0s").
	Reset time.Duration
}

// SetMeter changes how the server accounts from the next answer on.
func (s *Server) SetMeter(m Meter) {
	s.mu.Lock()
	s.meter = m
	s.mu.Unlock()
}

// Usage is the sum of the usage the server reported (or would have
// reported, with NoUsage) over all answered requests.
func (s *Server) Usage() openai.Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used
}

// Tokens counts text the way the server bills it, a crude stand-in for a
// BPE tokenizer: a run of letters or digits is one token per four
// characters (rounded up), a run of other symbols one per two, a line
// break one, spaces nothing. English prose lands near 4.5 bytes a token,
// code and JSON near 3, like real tokenizers.
func Tokens(b []byte) int {
	n, word, sym := 0, 0, 0
	flush := func() {
		n += (word+3)/4 + (sym+1)/2
		word, sym = 0, 0
	}
	for _, r := range string(b) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if sym > 0 {
				flush()
			}
			word++
		case unicode.IsSpace(r):
			flush()
			if r == '\n' {
				n++
			}
		default:
			if word > 0 {
				flush()
			}
			sym++
		}
	}
	flush()
	return n
}

// promptTokens counts a request as providers bill it: the text of every
// message and tool call, a few tokens of framing per message, and the
// tool definitions; the JSON envelope itself is not billed. A body that
// is not chat-completions JSON is counted whole.
func promptTokens(r *Request) int {
	if r.DecodeErr != nil {
		return Tokens(r.Body)
	}
	n := 3
	for _, m := range r.Chat.Messages {
		n += 4 + Tokens([]byte(m.Content))
		for _, tc := range m.ToolCalls {
			n += 3 + Tokens([]byte(tc.Function.Name)) + Tokens([]byte(tc.Function.Arguments))
		}
	}
	if len(r.Chat.Tools) > 0 {
		b, _ := json.Marshal(r.Chat.Tools)
		n += Tokens(b)
	}
	return n
}

// completionTokens counts an answer's text and tool calls.
func completionTokens(msg openai.ChatCompletionMessage) int {
	n := Tokens([]byte(msg.Content))
	for _, tc := range msg.ToolCalls {
		n += 3 + Tokens([]byte(tc.Function.Name)) + Tokens([]byte(tc.Function.Arguments))
	}
	return max(n, 1)
}

// account computes the usage of one answer and the rate-limit headers to
// send with it, adds the usage to the server's totals and returns the
// encoded answer.
func (s *Server) account(w http.ResponseWriter, r *Request, resp *openai.ChatCompletionResponse) []byte {
	in := promptTokens(r)
	out := completionTokens(resp.Choices[0].Message)
	s.mu.Lock()
	m := s.meter
	u := openai.Usage{PromptTokens: in, CompletionTokens: out, TotalTokens: in + out}
	if m.CachedPercent > 0 {
		u.PromptTokensDetails = &openai.PromptTokensDetails{CachedTokens: in * m.CachedPercent / 100}
	}
	r.Usage = u
	s.used.PromptTokens += in
	s.used.CompletionTokens += out
	s.used.TotalTokens += in + out
	s.requestsServed++
	usedTokens, usedRequests := int64(s.used.TotalTokens), s.requestsServed
	s.mu.Unlock()
	resp.Usage = u
	body := encode(resp, m.NoUsage)
	h := w.Header()
	if m.QuotaTokens > 0 {
		h.Set("x-ratelimit-limit-tokens", strconv.FormatInt(m.QuotaTokens, 10))
		h.Set("x-ratelimit-remaining-tokens", strconv.FormatInt(max(m.QuotaTokens-usedTokens, 0), 10))
		h.Set("x-ratelimit-reset-tokens", m.Reset.String())
	}
	if m.QuotaRequests > 0 {
		h.Set("x-ratelimit-limit-requests", strconv.FormatInt(m.QuotaRequests, 10))
		h.Set("x-ratelimit-remaining-requests", strconv.FormatInt(max(m.QuotaRequests-usedRequests, 0), 10))
		h.Set("x-ratelimit-reset-requests", m.Reset.String())
	}
	return body
}

// encode writes the answer as JSON, without the usage key when noUsage.
func encode(resp *openai.ChatCompletionResponse, noUsage bool) []byte {
	b, _ := json.Marshal(resp)
	if !noUsage {
		return append(b, '\n')
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	delete(m, "usage")
	b, _ = json.Marshal(m)
	return append(b, '\n')
}
