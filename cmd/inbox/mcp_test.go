package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPRoundTrip runs `inbox mcp` over a pipe and talks to it with the
// SDK's client: the tools answer with the same hits as `inbox search
// --json`, read turns, and keep to the project the server was started for.
func TestMCPRoundTrip(t *testing.T) {
	work := t.TempDir()
	home := filepath.Join(work, "home")
	t.Setenv("HOME", home)
	t.Setenv("GEMINI_CLI_HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(work, "cache"))
	t.Setenv("AUTOMEM_LOG_FORMAT", "json")
	mem, err := mkproject(work, home, "proj")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mkproject(work, home, "other"); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mem, "MEMORY.md"), "# memory\n\n- releases are cut with the pelican script\n")
	write(filepath.Join(mem, "archive.md"), "- the old pelican script lived in tools/\n")
	// A pending candidate, not reviewed: its hit says so.
	write(filepath.Join(mem, ".inbox", "private", "extraction.patch"), "--- "+filepath.Join(mem, "MEMORY.md")+"\n+++ "+filepath.Join(mem, "MEMORY.md")+
		"\n@@ -1,3 +1,4 @@\n # memory\n \n - releases are cut with the pelican script\n+- the pelican script needs python 3.12\n")
	chats := filepath.Join(filepath.Dir(mem), "chats")
	write(filepath.Join(chats, "session-2026-05-01T09-00-5e550000.jsonl"), strings.Join([]string{
		`{"sessionId":"5e550000-1111-2222-3333-444455556666","projectHash":"ab","startTime":"2026-05-01T09:00:00Z","lastUpdated":"2026-05-01T09:02:00Z","kind":"main"}`,
		`{"id":"u1","timestamp":"2026-05-01T09:00:00Z","type":"user","content":[{"text":"how do we cut a release"}]}`,
		`{"id":"g1","timestamp":"2026-05-01T09:01:00Z","type":"gemini","content":"run the pelican script, then tag"}`,
		`{"id":"u2","timestamp":"2026-05-01T09:02:00Z","type":"user","content":[{"text":"thanks"}]}`,
	}, "\n")+"\n")
	otherChats := filepath.Join(home, ".gemini", "tmp", "other", "chats")
	write(filepath.Join(otherChats, "session-2026-05-02T09-00-0f0f0000.jsonl"), strings.Join([]string{
		`{"sessionId":"0f0f0000-1111-2222-3333-444455556666","projectHash":"cd","startTime":"2026-05-02T09:00:00Z","lastUpdated":"2026-05-02T09:00:00Z","kind":"main"}`,
		`{"id":"u1","timestamp":"2026-05-02T09:00:00Z","type":"user","content":[{"text":"the pelican script in the other project"}]}`,
	}, "\n")+"\n")
	proj := filepath.Join(work, "proj")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	// What the CLI says.
	cliHits := func(args ...string) []json.RawMessage {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(ctx, append([]string{"--project", proj, "search", "--json"}, args...), strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("search %v: exit %d: %s", args, code, errb.String())
		}
		var hits []json.RawMessage
		for l := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
			if l != "" {
				hits = append(hits, json.RawMessage(l))
			}
		}
		return hits
	}
	memHits := cliHits("--memory", "--include-archive", "pelican")
	sessHits := cliHits("--sessions", "pelican")
	if len(memHits) != 4 || len(sessHits) != 1 {
		t.Fatalf("cli: %d memory hits, %d session hits; want 4 and 1", len(memHits), len(sessHits))
	}
	// The patch's lines (context and added) are pending; MEMORY.md's and
	// archive.md's are not.
	pending := 0
	for _, raw := range memHits {
		var h searchHit
		if err := json.Unmarshal(raw, &h); err != nil {
			t.Fatal(err)
		}
		if want := strings.Contains(h.Path, ".inbox"); (h.Status == statusPending) != want {
			t.Errorf("hit %s: status %q", h.Path, h.Status)
		}
		if h.Status == statusPending {
			pending++
		}
	}
	if pending != 2 {
		t.Errorf("%d pending hits, want 2 (the patch's context and added line)", pending)
	}
	var text, errb bytes.Buffer
	if code := run(ctx, []string{"--project", proj, "search", "--memory", "python"}, strings.NewReader(""), &text, &errb); code != 0 ||
		!strings.Contains(text.String(), "extraction.patch:") || !strings.Contains(text.String(), "(pending candidate, not reviewed)") {
		t.Errorf("search text: exit %d\n%s%s", code, text.String(), errb.String())
	}

	// The server, over a pipe, with the SDK's client.
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"--project", proj, "mcp"}, inR, outW, &stderr)
		outW.Close()
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v (%s)", err, stderr.String())
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
		if tl.Annotations == nil || !tl.Annotations.ReadOnlyHint {
			t.Errorf("tool %s is not marked read-only", tl.Name)
		}
	}
	if strings.Join(names, ",") != "read_session_turns,search_memory,search_sessions" {
		t.Errorf("tools %v", names)
	}
	call := func(name string, args map[string]any) (json.RawMessage, bool) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		data, _ := json.Marshal(res.StructuredContent)
		return data, res.IsError
	}
	same := func(what string, got json.RawMessage, want []json.RawMessage) {
		t.Helper()
		var res struct{ Hits []json.RawMessage }
		if err := json.Unmarshal(got, &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) != len(want) {
			t.Fatalf("%s: %d hits over MCP, %d from the CLI", what, len(res.Hits), len(want))
		}
		for i := range want {
			if !jsonEqual(t, res.Hits[i], want[i]) {
				t.Errorf("%s hit %d:\nmcp %s\ncli %s", what, i, res.Hits[i], want[i])
			}
		}
	}
	got, _ := call("search_memory", map[string]any{"query": "pelican", "include_archive": true})
	same("search_memory", got, memHits)
	got, _ = call("search_sessions", map[string]any{"query": "pelican"})
	same("search_sessions", got, sessHits)
	if _, isErr := call("search_sessions", map[string]any{"query": "pelican", "scope": "all"}); !isErr {
		t.Error(`scope "all" allowed on a one-project server`)
	}
	if _, isErr := call("search_sessions", map[string]any{"query": `"pelican`}); !isErr {
		t.Error("bad query syntax was not an error")
	}
	got, _ = call("read_session_turns", map[string]any{"session": "5e550000-1111-2222-3333-444455556666", "from": 2, "to": 3})
	var turns TurnsResult
	if err := json.Unmarshal(got, &turns); err != nil {
		t.Fatal(err)
	}
	if len(turns.Turns) != 2 || turns.Turns[0].Text != "run the pelican script, then tag" || turns.Turns[1].Text != "thanks" ||
		turns.Resume != "gemini --resume 5e550000-1111-2222-3333-444455556666" {
		t.Errorf("turns %+v", turns)
	}
	if _, isErr := call("read_session_turns", map[string]any{"session": "0f0f0000-1111-2222-3333-444455556666"}); !isErr {
		t.Error("read another project's session")
	}
	cs.Close()
	inW.Close()
	if code := <-done; code != 0 {
		t.Errorf("mcp exit %d: %s", code, stderr.String())
	}
}

func jsonEqual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
