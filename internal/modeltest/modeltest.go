// Package modeltest is a chat-completions server for tests: it speaks the
// OpenAI wire protocol over a real httptest listener, answers from a script
// the test writes (tool calls, text, HTTP errors with Retry-After, delays,
// hangs, raw bodies), and records every request body. A Meter makes it
// report token usage and rate-limit headers like a metered provider, or
// neither like a bare self-hosted server. It exists so that
// the extract cycle can be driven end to end — through jobs.Run in-process
// or through the built binary — by a model that obeys whatever a test (or
// an attacker) tells it, since safety must never depend on the model.
package modeltest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Path is where the server answers; BaseURL points clients at it.
const Path = "/v1/chat/completions"

// Call is one scripted tool call. Args is sent verbatim, so a test can send
// malformed JSON.
type Call struct {
	Name string
	Args string
}

// Tool builds a call whose arguments are the JSON object of key/value pairs.
func Tool(name string, kv ...any) Call {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[fmt.Sprint(kv[i])] = kv[i+1]
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(fmt.Sprintf("modeltest: marshal args of %s: %v", name, err))
	}
	return Call{Name: name, Args: string(b)}
}

// Turn is one scripted answer. The zero Turn answers an empty assistant
// message with finish_reason "stop".
type Turn struct {
	// Calls are returned as tool_calls (finish_reason "tool_calls").
	Calls []Call
	// Text is the assistant content.
	Text string
	// Finish overrides the finish_reason.
	Finish openai.FinishReason
	// Status, when not 0 or 200, answers with an error body and this code.
	Status int
	// Header is set on the response (for example Retry-After).
	Header map[string]string
	// Delay waits before answering (cut short when the client goes away).
	Delay time.Duration
	// Hang never answers: it returns when the client gives up or the
	// server closes.
	Hang bool
	// Body, when set, is written verbatim with status 200 (or Status).
	Body string
	// Dynamic, when set, computes the answer from the request; the Turn it
	// returns is served instead (its own Dynamic is ignored).
	Dynamic func(r *Request) Turn
}

// Tools is a turn of tool calls.
func Tools(calls ...Call) Turn { return Turn{Calls: calls} }

// Text is a turn of plain text.
func Text(s string) Turn { return Turn{Text: s} }

// Done is a turn that calls complete_task.
func Done(result string) Turn { return Tools(Tool("complete_task", "result", result)) }

// Status is an HTTP error turn with optional header pairs (name, value, …).
func Status(code int, header ...string) Turn {
	h := map[string]string{}
	for i := 0; i+1 < len(header); i += 2 {
		h[header[i]] = header[i+1]
	}
	return Turn{Status: code, Header: h}
}

// Hang is a turn that never answers.
func Hang() Turn { return Turn{Hang: true} }

// Request is one recorded request.
type Request struct {
	// Seq is the 0-based arrival order.
	Seq  int
	Body []byte
	// Chat is the decoded body (zero when it did not decode).
	Chat openai.ChatCompletionRequest
	// Auth is the Authorization header.
	Auth string
	// DecodeErr is set when the body was not chat-completions JSON.
	DecodeErr error
	// Status is the HTTP status it was answered with (0 while in flight,
	// or when the client went away first).
	Status int
	// Usage is what the server counted for its answer (also when the
	// Meter kept it out of the answer).
	Usage openai.Usage
}

// TurnIndex is the number of assistant messages already in the
// conversation: 0 for the first request of a conversation, 1 for the
// second, and so on. It identifies a turn without server state, so
// concurrent conversations can share one server.
func (r *Request) TurnIndex() int {
	n := 0
	for _, m := range r.Chat.Messages {
		if m.Role == openai.ChatMessageRoleAssistant {
			n++
		}
	}
	return n
}

// FirstUser is the content of the first user message (the run's prompt).
func (r *Request) FirstUser() string {
	for _, m := range r.Chat.Messages {
		if m.Role == openai.ChatMessageRoleUser {
			return m.Content
		}
	}
	return ""
}

// LastTool is the content of the last tool message (the result of the
// previous turn's last call), or "".
func (r *Request) LastTool() string {
	for i := len(r.Chat.Messages) - 1; i >= 0; i-- {
		if r.Chat.Messages[i].Role == openai.ChatMessageRoleTool {
			return r.Chat.Messages[i].Content
		}
	}
	return ""
}

// ToolResults are the contents of every tool message so far, in order.
func (r *Request) ToolResults() []string {
	var out []string
	for _, m := range r.Chat.Messages {
		if m.Role == openai.ChatMessageRoleTool {
			out = append(out, m.Content)
		}
	}
	return out
}

// Server is a scripted chat-completions endpoint. Safe for concurrent use.
type Server struct {
	// URL is the server's root; BaseURL is what a client is configured with.
	URL, BaseURL string

	t       testing.TB
	srv     *httptest.Server
	script  func(r *Request) Turn
	closing chan struct{}
	arrived chan struct{}

	mu     sync.Mutex
	reqs   []*Request
	served int
	once   sync.Once
	// meter, used and requestsServed are the accounting (meter.go).
	meter          Meter
	used           openai.Usage
	requestsServed int64
}

// New serves the turns in order, one per request, across all conversations;
// the last one repeats. A retried request consumes the next turn, so
// Status(429) then Tools(...) scripts a retry.
func New(t testing.TB, turns ...Turn) *Server {
	if len(turns) == 0 {
		turns = []Turn{Done("nothing to do")}
	}
	var mu sync.Mutex
	next := 0
	return NewFunc(t, func(*Request) Turn {
		mu.Lock()
		defer mu.Unlock()
		tt := turns[min(next, len(turns)-1)]
		next++
		return tt
	})
}

// PerConversation serves turns[r.TurnIndex()] (the last one repeats), so
// every conversation — concurrent ones included — follows the same script.
func PerConversation(t testing.TB, turns ...Turn) *Server {
	if len(turns) == 0 {
		turns = []Turn{Done("nothing to do")}
	}
	return NewFunc(t, func(r *Request) Turn { return turns[min(r.TurnIndex(), len(turns)-1)] })
}

// NewFunc answers every request with script(request).
func NewFunc(t testing.TB, script func(r *Request) Turn) *Server {
	s := &Server{t: t, script: script, closing: make(chan struct{}), arrived: make(chan struct{}, 1)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	s.BaseURL = s.srv.URL + "/v1"
	t.Cleanup(s.Close)
	return s
}

// Close releases hanging requests and stops the server.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.closing)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

func (s *Server) serve(w http.ResponseWriter, hr *http.Request) {
	if hr.URL.Path != Path || hr.Method != http.MethodPost {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(io.LimitReader(hr.Body, 64<<20))
	if err != nil {
		return
	}
	r := &Request{Body: body, Auth: hr.Header.Get("Authorization")}
	if err := json.Unmarshal(body, &r.Chat); err != nil {
		r.DecodeErr = err
		s.t.Errorf("modeltest: request is not chat-completions JSON: %v", err)
	}
	s.mu.Lock()
	r.Seq = len(s.reqs)
	s.reqs = append(s.reqs, r)
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
	turn := s.script(r)
	if turn.Dynamic != nil {
		turn = turn.Dynamic(r)
	}
	if turn.Hang {
		select {
		case <-hr.Context().Done():
		case <-s.closing:
		}
		return
	}
	if turn.Delay > 0 {
		tm := time.NewTimer(turn.Delay)
		select {
		case <-tm.C:
		case <-hr.Context().Done():
			tm.Stop()
			return
		case <-s.closing:
			tm.Stop()
			return
		}
	}
	code := s.write(w, r, turn)
	s.mu.Lock()
	r.Status = code
	s.served++
	s.mu.Unlock()
}

func (s *Server) write(w http.ResponseWriter, r *Request, turn Turn) int {
	for k, v := range turn.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	code := turn.Status
	if code == 0 {
		code = http.StatusOK
	}
	if turn.Body != "" {
		w.WriteHeader(code)
		_, _ = io.WriteString(w, turn.Body)
		return code
	}
	if code != http.StatusOK {
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"message":"scripted %d","type":"modeltest","code":%d}}`, code, code)
		return code
	}
	msg := openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: turn.Text}
	finish := openai.FinishReasonStop
	for i, c := range turn.Calls {
		msg.ToolCalls = append(msg.ToolCalls, openai.ToolCall{
			ID: fmt.Sprintf("call_%d_%d", r.Seq, i), Type: openai.ToolTypeFunction,
			Function: openai.FunctionCall{Name: c.Name, Arguments: c.Args},
		})
	}
	if len(turn.Calls) > 0 {
		finish = openai.FinishReasonToolCalls
	}
	if turn.Finish != "" {
		finish = turn.Finish
	}
	resp := openai.ChatCompletionResponse{
		ID: fmt.Sprintf("chatcmpl-%d", r.Seq), Object: "chat.completion", Created: 1, Model: r.Chat.Model,
		Choices: []openai.ChatCompletionChoice{{Index: 0, Message: msg, FinishReason: finish}},
	}
	body := s.account(w, r, &resp)
	w.WriteHeader(code)
	_, _ = w.Write(body)
	return code
}

// Requests returns a copy of every request recorded so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.reqs))
	for i, r := range s.reqs {
		out[i] = *r
	}
	return out
}

// Bodies is every request body concatenated, newline-separated, for
// searching what left the process.
func (s *Server) Bodies() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for _, r := range s.reqs {
		b.Write(r.Body)
		b.WriteByte('\n')
	}
	return b.String()
}

// Conversations counts conversations the server started: first-turn
// requests it answered with 200.
func (s *Server) Conversations() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.reqs {
		if r.Status == http.StatusOK && r.TurnIndex() == 0 {
			n++
		}
	}
	return n
}

// WaitRequests blocks until at least n requests have arrived or ctx ends.
func (s *Server) WaitRequests(ctx context.Context, n int) error {
	for {
		s.mu.Lock()
		got := len(s.reqs)
		s.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-s.arrived:
		case <-ctx.Done():
			return fmt.Errorf("wait for %d model requests (got %d): %w", n, got, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}
