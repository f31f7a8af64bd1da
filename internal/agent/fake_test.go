package agent

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"github.com/automem/automem/internal/modeltest"
)

// fc is one scripted function call.
type fc struct{ name, args string }

// call builds a scripted call whose arguments are the JSON of kv pairs.
func call(name string, kv ...any) fc {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	b, _ := json.Marshal(m)
	return fc{name, string(b)}
}

// step answers one request.
type step func(w http.ResponseWriter, r *http.Request, n int)

// fakeLLM speaks the chat-completions protocol: real JSON requests are
// decoded and recorded, scripted steps answer them in order (the last one
// repeats).
type fakeLLM struct {
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	steps  []step
	bodies [][]byte
	reqs   []openai.ChatCompletionRequest
	auth   []string
	n      int
}

func newFake(t testing.TB, steps ...step) *fakeLLM {
	f := &fakeLLM{t: t, steps: steps}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeLLM) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	var req openai.ChatCompletionRequest
	if err := json.Unmarshal(body, &req); err != nil {
		f.t.Errorf("request is not chat-completions JSON: %v", err)
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.reqs = append(f.reqs, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	s := f.steps[min(f.n, len(f.steps)-1)]
	f.n++
	n := f.n
	f.mu.Unlock()
	s(w, r, n)
}

func (f *fakeLLM) requests() []openai.ChatCompletionRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]openai.ChatCompletionRequest(nil), f.reqs...)
}

func (f *fakeLLM) allBodies() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var b strings.Builder
	for _, x := range f.bodies {
		b.Write(x)
	}
	return b.String()
}

func (f *fakeLLM) bodyBytes() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var n int64
	for _, x := range f.bodies {
		n += int64(len(x))
	}
	return n
}

func writeCompletion(w http.ResponseWriter, n int, msg openai.ChatCompletionMessage, finish openai.FinishReason) {
	resp := openai.ChatCompletionResponse{
		ID: fmt.Sprintf("chatcmpl-%d", n), Object: "chat.completion", Created: 1, Model: "fake",
		Choices: []openai.ChatCompletionChoice{{Index: 0, Message: msg, FinishReason: finish}},
		Usage:   openai.Usage{PromptTokens: 100, CompletionTokens: 10, TotalTokens: 110},
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// tools answers with tool calls.
func tools(calls ...fc) step {
	return func(w http.ResponseWriter, r *http.Request, n int) {
		msg := openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant}
		for i, c := range calls {
			msg.ToolCalls = append(msg.ToolCalls, openai.ToolCall{
				ID: fmt.Sprintf("call_%d_%d", n, i), Type: openai.ToolTypeFunction,
				Function: openai.FunctionCall{Name: c.name, Arguments: c.args},
			})
		}
		writeCompletion(w, n, msg, openai.FinishReasonToolCalls)
	}
}

// text answers with plain text and no tool calls.
func text(s string) step {
	return func(w http.ResponseWriter, r *http.Request, n int) {
		writeCompletion(w, n, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: s}, openai.FinishReasonStop)
	}
}

// status answers with an HTTP error.
func status(code int, header map[string]string) step {
	return func(w http.ResponseWriter, r *http.Request, n int) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"message":"scripted %d","type":"test"}}`, code)
	}
}

// raw answers 200 with the given body.
func raw(body string) step {
	return func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}
}

// hang never answers; it returns when the client gives up.
func hang(arrived chan<- struct{}) step {
	return func(w http.ResponseWriter, r *http.Request, n int) {
		if arrived != nil {
			select {
			case arrived <- struct{}{}:
			default:
			}
		}
		<-r.Context().Done()
	}
}

func done(result string) step { return tools(call(ToolCompleteTask, "result", result)) }

// world is a fake home with a project, two offered transcripts, canaries.
type world struct {
	base, home, mem, skills, outside, t1, t2 string
}

func newWorld(t testing.TB) world {
	t.Helper()
	base := t.TempDir()
	w := world{base: base, home: filepath.Join(base, "home"), outside: filepath.Join(base, "outside")}
	proj := filepath.Join(w.home, ".gemini", "tmp", "proj")
	w.mem = filepath.Join(proj, "memory")
	w.skills = filepath.Join(w.home, ".gemini", "skills")
	w.t1 = filepath.Join(proj, "chats", "session-2026-05-01T09-00-aaaaaaaa.jsonl")
	w.t2 = filepath.Join(proj, "chats", "session-2026-05-02T09-00-bbbbbbbb.jsonl")
	files := map[string]string{
		filepath.Join(w.home, ".bashrc"):               "# canary bashrc\n",
		filepath.Join(w.home, ".ssh", "id_rsa"):        "-----BEGIN OPENSSH PRIVATE KEY-----\nKEYCANARY\n",
		filepath.Join(w.outside, "canary"):             "OUTSIDE-CANARY\n",
		filepath.Join(w.mem, "MEMORY.md"):              "# Project Memory\n\n- Build with make.\n",
		filepath.Join(w.mem, ".extraction-state.json"): `{"runs":[]}` + "\n",
		filepath.Join(w.mem, ".extraction.lock"):       `{"pid":1,"startedAt":"2026-05-01T00:00:00Z"}`,
		filepath.Join(w.mem, ".automem", "tombstones"): "t\n",
		filepath.Join(w.skills, "deploy", "SKILL.md"):  "---\nname: deploy\ndescription: Deploy the app\n---\n",
		w.t1: `{"sessionId":"aaaaaaaa"}` + "\n",
		w.t2: `{"sessionId":"bbbbbbbb"}` + "\n",
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(w.mem, "skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w world) allowedWrite(p string) bool {
	if rel, err := filepath.Rel(filepath.Join(w.mem, "skills"), p); err == nil && filepath.IsLocal(rel) {
		return true
	}
	return p == filepath.Join(w.mem, ".inbox", "private", "extraction.patch") ||
		p == filepath.Join(w.mem, ".inbox", "global", "extraction.patch")
}

func snapshot(t testing.TB, base string) map[string]string {
	t.Helper()
	return modeltest.Tree(t, base, nil)
}

// checkConfined fails when anything but the allowed write targets changed.
func (w world) checkConfined(t *testing.T, before map[string]string) {
	t.Helper()
	modeltest.Confined(t, before, snapshot(t, w.base), w.allowedWrite)
}
