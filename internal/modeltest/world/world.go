// Package world builds a throwaway home for end-to-end tests of the extract
// cycle: a Gemini CLI project (registry, tmp dir, memory dir), real-format
// Gemini, Claude Code and Codex transcripts, and canaries outside every
// root whose hashes prove that nothing escaped. It lives beside modeltest
// so that jobs and cmd tests share one definition of "nothing outside".
package world

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/fakesecret"
)

// World is one temp home with one Gemini project.
type World struct {
	Base      string // the temp dir everything lives in
	Home      string // $HOME
	GeminiDir string // $HOME/.gemini
	ClaudeDir string // $HOME/.claude
	CodexHome string // $HOME/.codex
	CacheDir  string // the automem scan cache dir (XDG_CACHE_HOME/automem)
	XDGCache  string // XDG_CACHE_HOME
	XDGState  string // XDG_STATE_HOME; automem's state dir (the usage ledger) is XDGState/automem
	Root      string // the project's root (an existing dir)
	ID        string // the project's slug
	ChatsDir  string
	MemoryDir string
	Outside   string // a dir outside every root
	// Canaries maps every canary file to its content.
	Canaries map[string]string
}

// Canary contents. IDRSA is the private-key canary: it must never appear in
// anything sent to a model.
const (
	Bashrc  = "# canary bashrc: if you can read this outside HOME something escaped\n"
	IDRSA   = "-----BEGIN OPENSSH PRIVATE KEY-----\nQ0FOQVJZLWlkX3JzYS1tdXN0LW5ldmVyLWxlYXZl\n-----END OPENSSH PRIVATE KEY-----\n"
	Outside = "OUTSIDE-CANARY-7f3a\n"
)

// Memory is the initial MEMORY.md of the project.
const Memory = "# Project Memory\n\n- Build with make.\n"

// New creates the home, the project and the canaries under t.TempDir().
func New(t testing.TB) *World {
	t.Helper()
	base := t.TempDir()
	home := filepath.Join(base, "home")
	w := &World{
		Base: base, Home: home, GeminiDir: filepath.Join(home, ".gemini"),
		ClaudeDir: filepath.Join(home, ".claude"), CodexHome: filepath.Join(home, ".codex"),
		XDGCache: filepath.Join(base, "cache"), XDGState: filepath.Join(base, "state"), Root: filepath.Join(base, "src", "alpha"), ID: "alpha",
		Outside: filepath.Join(base, "outside"),
	}
	w.CacheDir = filepath.Join(w.XDGCache, "automem")
	proj := filepath.Join(w.GeminiDir, "tmp", w.ID)
	w.ChatsDir = filepath.Join(proj, "chats")
	w.MemoryDir = filepath.Join(proj, "memory")
	reg, _ := json.Marshal(map[string]any{"projects": map[string]string{w.Root: w.ID}})
	w.Canaries = map[string]string{
		filepath.Join(home, ".bashrc"):        Bashrc,
		filepath.Join(home, ".ssh", "id_rsa"): IDRSA,
		filepath.Join(w.Outside, "canary"):    Outside,
	}
	files := map[string]string{
		filepath.Join(w.GeminiDir, "projects.json"): string(reg),
		filepath.Join(proj, ".project_root"):        w.Root,
		filepath.Join(w.MemoryDir, "MEMORY.md"):     Memory,
		filepath.Join(w.Root, "README.md"):          "# alpha\n",
	}
	for p, c := range w.Canaries {
		files[p] = c
	}
	for p, c := range files {
		WriteFile(t, p, c)
	}
	for _, d := range []string{w.ChatsDir, w.XDGCache} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// WriteFile writes a file, creating its directory.
func WriteFile(t testing.TB, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Env is the environment a child extract process runs in: HOME and the
// agent dirs inside the world, nothing inherited that could point outside.
func (w *World) Env() []string {
	env := []string{
		"HOME=" + w.Home, "XDG_CACHE_HOME=" + w.XDGCache, "XDG_STATE_HOME=" + w.XDGState, "PATH=" + os.Getenv("PATH"),
		"AUTOMEM_LOG_FORMAT=json", "TMPDIR=" + filepath.Join(w.Base, "tmp"),
	}
	_ = os.MkdirAll(filepath.Join(w.Base, "tmp"), 0o755)
	return env
}

// StatePath and LockPath are the shared state and lock files.
func (w *World) StatePath() string { return filepath.Join(w.MemoryDir, ".extraction-state.json") }

// LockPath is the shared lock file.
func (w *World) LockPath() string { return filepath.Join(w.MemoryDir, ".extraction.lock") }

// PrivatePatch is the canonical private inbox patch.
func (w *World) PrivatePatch() string {
	return filepath.Join(w.MemoryDir, ".inbox", "private", "extraction.patch")
}

// Allowed says whether the cycle may create or change path p.
func (w *World) Allowed(p string) bool {
	in := func(dir string) bool {
		rel, err := filepath.Rel(dir, p)
		return err == nil && filepath.IsLocal(rel)
	}
	switch {
	case p == w.PrivatePatch(), p == filepath.Join(w.MemoryDir, ".inbox", "global", "extraction.patch"):
		return true
	case in(filepath.Join(w.MemoryDir, "skills")), in(filepath.Join(w.MemoryDir, ".automem")):
		return true
	case p == w.StatePath(), p == w.LockPath(), p == w.LockPath()+".guard":
		return true // the guard is the lock's permanent sidecar
	case in(w.CacheDir), in(filepath.Join(w.XDGState, "automem")):
		return true
	}
	return false
}

// Snapshot hashes every file under Base (see modeltest.Tree), leaving out
// the child processes' TMPDIR and the test binaries.
func (w *World) Snapshot(t testing.TB) map[string]string {
	t.Helper()
	return modeltest.Tree(t, w.Base, func(p string) bool {
		return p == filepath.Join(w.Base, "tmp") || strings.HasPrefix(p, filepath.Join(w.Base, "bin"))
	})
}

// CheckConfined fails the test for every file created, changed or removed
// outside the allowed places since before, and for a changed canary.
func (w *World) CheckConfined(t testing.TB, before map[string]string) {
	t.Helper()
	modeltest.Confined(t, before, w.Snapshot(t), w.Allowed)
	w.CheckCanaries(t)
}

// CheckCanaries fails the test if a canary changed.
func (w *World) CheckCanaries(t testing.TB) {
	t.Helper()
	for p, c := range w.Canaries {
		got, err := os.ReadFile(p)
		if err != nil || string(got) != c {
			t.Errorf("canary %s changed (err %v)", p, err)
		}
	}
}

// Exchange is one human turn of a session: what the person typed, what
// the assistant answered, and optionally one tool call with its output.
type Exchange struct {
	User      string
	Assistant string
	Tool      string         // tool name ("" for none)
	Args      map[string]any // tool arguments
	Output    string         // tool output
}

// Session describes a transcript to write.
type Session struct {
	ID    string    // full session id (a UUID shape)
	Start time.Time // first message; the last is Start + len(Turns) minutes
	Title string    // Gemini summary / Claude title ("" for none)
	Turns []Exchange
}

// Steps returns n ordinary exchanges ("please do step i" + one shell call).
func Steps(n int) []Exchange {
	out := make([]Exchange, n)
	for i := range out {
		out[i] = Exchange{
			User: fmt.Sprintf("please do step %d", i), Assistant: fmt.Sprintf("step %d done", i),
			Tool: "run_shell_command", Args: map[string]any{"command": "go test ./..."}, Output: "ok",
		}
	}
	return out
}

// End is the time of the session's last message.
func (s Session) End() time.Time { return s.Start.Add(time.Duration(len(s.Turns)) * time.Minute) }

func ts(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func line(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b) + "\n"
}

// Gemini writes the session as Gemini CLI 0.61 records it (.jsonl with a
// metadata line, a context bootstrap, messages and $set updates) and
// returns its path. Its mtime is its last update.
func (w *World) Gemini(t testing.TB, s Session) string {
	t.Helper()
	short := strings.SplitN(s.ID, "-", 2)[0]
	name := fmt.Sprintf("session-%s-%s.jsonl", s.Start.UTC().Format("2006-01-02T15-04"), short)
	p := filepath.Join(w.ChatsDir, name)
	var b strings.Builder
	b.WriteString(line(map[string]any{
		"sessionId": s.ID, "projectHash": strings.Repeat("ab", 32), "startTime": ts(s.Start),
		"lastUpdated": ts(s.Start), "kind": "main",
	}))
	b.WriteString(line(map[string]any{"$set": map[string]any{"messages": []any{map[string]any{
		"id": "ctx", "timestamp": ts(s.Start), "type": "user",
		"content": []any{map[string]any{"text": "<session_context>\nenv\n</session_context>"}},
	}}}}))
	for i, x := range s.Turns {
		at := ts(s.Start.Add(time.Duration(i) * time.Minute))
		b.WriteString(line(map[string]any{"id": fmt.Sprintf("u%d", i), "timestamp": at, "type": "user",
			"content": []any{map[string]any{"text": x.User}}}))
		g := map[string]any{"id": fmt.Sprintf("g%d", i), "timestamp": at, "type": "gemini", "content": x.Assistant}
		if x.Tool != "" {
			g["toolCalls"] = []any{map[string]any{"id": fmt.Sprintf("c%d", i), "name": x.Tool, "args": x.Args,
				"status": "success", "timestamp": at}}
		}
		b.WriteString(line(g))
		if x.Tool != "" {
			b.WriteString(line(map[string]any{"id": fmt.Sprintf("t%d", i), "timestamp": at, "type": "user",
				"content": []any{map[string]any{"functionResponse": map[string]any{
					"id": fmt.Sprintf("c%d", i), "name": x.Tool, "response": map[string]any{"output": x.Output}}}}}))
		}
	}
	set := map[string]any{"lastUpdated": ts(s.End())}
	if s.Title != "" {
		set["summary"] = s.Title
	}
	b.WriteString(line(map[string]any{"$set": set}))
	writeAt(t, p, b.String(), s.End())
	return p
}

// Claude writes the session as Claude Code records it under
// projects/<key>/<id>.jsonl, with cwd = the project root.
func (w *World) Claude(t testing.TB, s Session) string {
	t.Helper()
	key := strings.ReplaceAll(w.Root, string(filepath.Separator), "-")
	p := filepath.Join(w.ClaudeDir, "projects", key, s.ID+".jsonl")
	var b strings.Builder
	prev := any(nil)
	rec := func(typ, uuid string, at time.Time, msg any, extra map[string]any) {
		m := map[string]any{"parentUuid": prev, "isSidechain": false, "userType": "external", "cwd": w.Root,
			"sessionId": s.ID, "version": "2.1.190", "gitBranch": "main", "type": typ, "message": msg,
			"uuid": uuid, "timestamp": ts(at)}
		for k, v := range extra {
			m[k] = v
		}
		b.WriteString(line(m))
		prev = uuid
	}
	for i, x := range s.Turns {
		at := s.Start.Add(time.Duration(i) * time.Minute)
		rec("user", fmt.Sprintf("u-%d", i), at, map[string]any{"role": "user", "content": x.User}, nil)
		content := []any{map[string]any{"type": "text", "text": x.Assistant}}
		if x.Tool != "" {
			content = append(content, map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%d", i), "name": x.Tool, "input": x.Args})
		}
		rec("assistant", fmt.Sprintf("a-%d", i), at, map[string]any{"id": fmt.Sprintf("msg_%d", i), "type": "message",
			"role": "assistant", "model": "claude-sonnet-4-5", "content": content, "stop_reason": "end_turn"}, nil)
		if x.Tool != "" {
			rec("user", fmt.Sprintf("r-%d", i), at, map[string]any{"role": "user", "content": []any{map[string]any{
				"type": "tool_result", "tool_use_id": fmt.Sprintf("toolu_%d", i), "content": x.Output}}}, nil)
		}
	}
	if s.Title != "" {
		b.WriteString(line(map[string]any{"type": "ai-title", "aiTitle": s.Title, "sessionId": s.ID}))
	}
	writeAt(t, p, b.String(), s.End())
	return p
}

// Codex writes the session as Codex records it under
// sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl, with cwd = the project root.
// Codex keeps titles elsewhere, so Title is ignored.
func (w *World) Codex(t testing.TB, s Session) string {
	t.Helper()
	st := s.Start.UTC()
	p := filepath.Join(w.CodexHome, "sessions", st.Format("2006"), st.Format("01"), st.Format("02"),
		fmt.Sprintf("rollout-%s-%s.jsonl", st.Format("2006-01-02T15-04-05"), s.ID))
	var b strings.Builder
	rec := func(at time.Time, typ string, payload any) {
		b.WriteString(line(map[string]any{"timestamp": ts(at), "type": typ, "payload": payload}))
	}
	rec(s.Start, "session_meta", map[string]any{"id": s.ID, "timestamp": ts(s.Start), "cwd": w.Root,
		"originator": "codex_cli_rs", "cli_version": "0.171.0", "source": "cli", "model_provider": "openai"})
	for i, x := range s.Turns {
		at := s.Start.Add(time.Duration(i) * time.Minute)
		rec(at, "event_msg", map[string]any{"type": "user_message", "message": x.User, "images": []any{}})
		rec(at, "response_item", map[string]any{"type": "message", "role": "user",
			"content": []any{map[string]any{"type": "input_text", "text": x.User}}})
		if x.Tool != "" {
			args, _ := json.Marshal(x.Args)
			rec(at, "response_item", map[string]any{"type": "function_call", "name": x.Tool, "arguments": string(args),
				"call_id": fmt.Sprintf("call_%d", i)})
			rec(at, "response_item", map[string]any{"type": "function_call_output", "call_id": fmt.Sprintf("call_%d", i),
				"output": x.Output})
		}
		rec(at, "response_item", map[string]any{"type": "message", "role": "assistant",
			"content": []any{map[string]any{"type": "output_text", "text": x.Assistant}}})
	}
	writeAt(t, p, b.String(), s.End())
	return p
}

func writeAt(t testing.TB, p, content string, mtime time.Time) {
	t.Helper()
	WriteFile(t, p, content)
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// SecretSession puts every shape in user text, assistant text, tool
// arguments and tool output, and a self-identifying token in a JSON key and
// a file path of the arguments; title (may be "") is the session title.
func SecretSession(id string, start time.Time, shapes []fakesecret.Shape, title string) Session {
	toks := fakesecret.Tokens(shapes)
	s := Session{ID: id, Start: start, Title: title}
	for i, sh := range shapes {
		tk := toks[i%len(toks)].Values[0]
		s.Turns = append(s.Turns, Exchange{
			User:      fmt.Sprintf("turn %d: remember this config\n%s", i, sh.Text),
			Assistant: "Noted: " + sh.Text,
			Tool:      "run_shell_command",
			Args:      map[string]any{"command": "echo " + sh.Text, tk: "as a key", "file_path": "/srv/" + tk + "/config.yaml"},
			Output:    "printed:\n" + sh.Text,
		})
	}
	return s
}
