package render

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/transcript"
)

func randStr(r *rand.Rand, alpha string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alpha[r.IntN(len(alpha))]
	}
	return string(b)
}

// With the real redactor as the hook, secrets anywhere in a transcript
// (typed, in tool arguments as escaped JSON, in outputs, in the title) come
// out as typed placeholders, also where the output is cut.
func TestRenderingRedactsSecrets(t *testing.T) {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	rng := rand.New(rand.NewPCG(7, 7))
	ghp := "ghp_FAKE" + randStr(rng, alnum, 31) + "7"
	dbPass := randStr(rng, alnum, 18) + "9"
	bearer := randStr(rng, alnum, 39) + "1"
	aws := "AKIAFAKE" + randStr(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 12)
	var pemBody []string
	for range 5 {
		pemBody = append(pemBody, randStr(rng, alnum+"+/", 64))
	}
	pem := "-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(pemBody, "\n") + "\n-----END OPENSSH PRIVATE KEY-----"
	args, _ := json.Marshal(map[string]string{"command": `curl -H "Authorization: Bearer ` + bearer + `" https://api.example.invalid`})
	writeArgs, _ := json.Marshal(map[string]string{"file_path": "/p/.env", "content": "DATABASE_URL=postgres://app:" + dbPass + "@db.example.invalid/app\n" + strings.Repeat("X=1\n", 100)})
	out := strings.Repeat("log line\n", 30) + "error: bad key " + aws + "\n" + strings.Repeat("log line\n", 30)
	sess := transcript.Session{Source: transcript.Gemini, ID: "s", Summary: "rotate " + ghp}
	msgs := []transcript.Message{
		{ID: "u1", Role: transcript.RoleUser, Human: true, Text: "my token is " + ghp + " and the key:\n" + pem},
		{ID: "a1", Role: transcript.RoleAssistant, ToolCalls: []transcript.ToolCall{
			{ID: "c1", Name: "run_shell_command", Args: args, Status: "success", Output: out},
			{ID: "c2", Name: "write_file", Args: writeArgs, Status: "success"},
		}},
		{ID: "i1", Role: transcript.RoleInfo, Text: "retrying with " + ghp},
	}
	r, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fired redact.Findings
	red := r.Hook(context.Background(), func(err error) { t.Errorf("redaction failed: %v", err) }, func(f []redact.Finding) { fired = fired.Merge(f) })
	got := strings.Join(Transcript(sess, msgs, red, Options{}).Lines, "\n")
	secrets := append([]string{ghp, dbPass, bearer, aws}, pemBody...)
	for _, s := range secrets {
		if strings.Contains(got, s) || strings.Contains(got, s[:16]) {
			t.Errorf("secret (len %d) survived:\n%s", len(s), got)
		}
	}
	for _, p := range []string{"[REDACTED:github-pat]", "[REDACTED:url-password]", "[REDACTED:aws-access-token]"} {
		if !strings.Contains(got, p) {
			t.Errorf("missing %s in\n%s", p, got)
		}
	}
	if fired.Total() < len(secrets)-len(pemBody)+1 {
		t.Errorf("findings %v", fired)
	}
}

// Long tool arguments are redacted in a window and then cut: without a
// secret the call line is the one the whole redacted arguments give; a
// secret that starts in the part kept (short, or a key block thousands of
// bytes long) leaves nothing of itself, however long the value around it.
func TestLongArgsRedactedInAWindow(t *testing.T) {
	r, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	red := r.Hook(context.Background(), func(err error) { t.Errorf("redaction failed: %v", err) }, nil)
	counted := func(s string) string { calls++; return red(s) }
	b := &builder{red: counted, o: Options{}.withDefaults()}
	rng := rand.New(rand.NewPCG(3, 3))
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	body := strings.Repeat("func main() { fmt.Println(\"<héllo>\") }\n", 2000) // 80 KB, escapes and runes
	plain := []map[string]any{
		{"file_path": "/p/main.go", "content": body},
		{"content": body, "n": 3, "nested": map[string]any{"a": strings.Repeat("x", 300)}, "small": "ok"},
		{"old_string": body[:9000], "new_string": "é" + body[:20000], "file_path": "/p/a.go"},
	}
	for i, a := range plain {
		raw, _ := json.Marshal(a)
		var compact strings.Builder
		compact.Write(raw)
		calls = 0
		got := b.args(raw)
		if calls != 1 {
			t.Errorf("args %d: %d redactions, want one of the window", i, calls)
		}
		if want := b.fitArgs(red(compact.String()), nil); got != want {
			t.Errorf("args %d:\n got %s\nwant %s", i, got, want)
		}
	}
	var pem []string
	for range 60 { // ~4 KB of key: longer than a value keeps, shorter than the window
		pem = append(pem, randStr(rng, alnum+"+/", 64))
	}
	key := "-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(pem, "\n") + "\n-----END OPENSSH PRIVATE KEY-----\n"
	ghp := "ghp_FAKE" + randStr(rng, alnum, 31) + "7"
	secret := []struct {
		content string
		leaks   []string
	}{
		{"x" + key + body, pem[:1]},
		{"token=" + ghp + "\n" + body, []string{ghp[:16]}},
		{strings.Repeat("y", 60) + ghp + body, []string{ghp[:12]}},
	}
	for i, c := range secret {
		raw, _ := json.Marshal(map[string]string{"file_path": "/p/k", "content": c.content})
		got := b.args(raw)
		for _, l := range c.leaks {
			if strings.Contains(got, l) || strings.Contains(got, l[:10]) {
				t.Errorf("secret %d leaked: %s", i, got)
			}
		}
		if !strings.Contains(got, "[REDACTED:") {
			t.Errorf("secret %d: no placeholder: %s", i, got)
		}
	}
}

// A tool name or status the hook leaves as it is is redacted once per
// rendering; one it changes is redacted every time it appears.
func TestRepeatedToolNamesRedactedOnce(t *testing.T) {
	calls := map[string]int{}
	red := func(s string) string { calls[s]++; return strings.ReplaceAll(s, "SECRET", "[REDACTED:x]") }
	var tcs []transcript.ToolCall
	for i := range 3 {
		tcs = append(tcs, transcript.ToolCall{ID: fmt.Sprint("a", i), Name: "run_shell_command", Status: "success"},
			transcript.ToolCall{ID: fmt.Sprint("b", i), Name: "tool_SECRET", Status: "error SECRET"})
	}
	msgs := []transcript.Message{{ID: "a1", Role: transcript.RoleAssistant, ToolCalls: tcs}}
	got := strings.Join(Transcript(transcript.Session{ID: "s"}, msgs, red, Options{CallsOnly: true}).Lines, "\n")
	if strings.Contains(got, "SECRET") || strings.Count(got, "→ run_shell_command [success]") != 3 || strings.Count(got, "→ tool_[REDACTED:x] [error [REDACTED:x]]") != 3 {
		t.Fatalf("rendering:\n%s", got)
	}
	for s, want := range map[string]int{"run_shell_command": 1, "success": 1, "tool_SECRET": 3, "error SECRET": 3} {
		if calls[s] != want {
			t.Errorf("%q redacted %d times, want %d", s, calls[s], want)
		}
	}
}
