package render

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/transcript"
)

// realHook is the production redactor's hook; calls counts its calls.
func realHook(t *testing.T, calls *int) Redact {
	t.Helper()
	r, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := r.Hook(context.Background(), func(err error) { t.Errorf("redaction failed: %v", err) }, nil)
	return func(s string) string { *calls++; return h(s) }
}

// TestPrefetchSameAsAlone: every text comes out of a batch exactly as it
// comes out of the hook alone: secrets at a text's start or end, a key
// block cut between two texts, a name in one text and a value in the
// next, in fewer calls of the hook than there are texts.
func TestPrefetchSameAsAlone(t *testing.T) {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	rng := rand.New(rand.NewPCG(3, 3))
	ghp := "ghp_FAKE" + randStr(rng, alnum, 31) + "7"
	aws := "AKIAFAKE" + randStr(rng, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 12)
	var body []string
	for range 4 {
		body = append(body, randStr(rng, alnum+"+/", 64))
	}
	texts := []string{
		ghp + " is the token",
		"the token is " + ghp,
		"password = ",
		randStr(rng, alnum, 20) + "9 was it",
		"export API_TOKEN=",
		aws,
		"-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(body[:2], "\n"),
		strings.Join(body[2:], "\n") + "\n-----END OPENSSH PRIVATE KEY-----",
		"curl -u admin:" + randStr(rng, alnum, 16) + "x https://example.invalid",
		"nothing secret here, just the heron migration",
		`{"command":"echo ` + ghp + `"}`,
		"a text with a \x1e record separator and " + ghp,
		strings.Repeat("long text without secrets ", 800), // over a batch
	}
	for i := range 40 { // many plain texts: batches fill and roll over
		texts = append(texts, strings.Repeat("plain words ", 20+i*3))
	}
	alone := 0
	red := realHook(t, &alone)
	want := make([]string, len(texts))
	for i, s := range texts {
		want[i] = red(s)
	}
	calls := 0
	pre := Prefetch(realHook(t, &calls), texts)
	for i, s := range texts {
		got := pre(s)
		if got != want[i] {
			t.Errorf("text %d:\nbatched %q\nalone   %q", i, got, want[i])
		}
		for _, secret := range append([]string{ghp, aws}, body...) {
			if strings.Contains(got, secret) {
				t.Errorf("text %d keeps a secret: %q", i, got)
			}
		}
	}
	// Texts that hold nothing that runs across a separator take a call
	// per batch (a batch with such a text is redacted again text by text).
	plain := append([]string{texts[0], texts[1], texts[5]}, texts[len(texts)-40:]...)
	calls = 0
	pre = Prefetch(realHook(t, &calls), plain)
	for _, s := range plain {
		pre(s)
	}
	if calls > 3 {
		t.Errorf("%d calls of the hook for %d texts of %d bytes", calls, len(plain), len(strings.Join(plain, "")))
	}
}

// TestPrefetchAcrossSeparator: a hook that redacts across the separator
// (as a secret that runs from one text into the next would be) makes the
// batch useless, and every text is redacted alone.
func TestPrefetchAcrossSeparator(t *testing.T) {
	calls := map[string]int{}
	red := func(s string) string {
		calls[s]++
		return strings.ReplaceAll(strings.ReplaceAll(s, "tail\n\x1e\nhead", "[REDACTED:x]"), "SECRET", "[REDACTED:y]")
	}
	texts := []string{"a tail", "head SECRET", "other"}
	pre := Prefetch(red, texts)
	for i, want := range []string{"a tail", "head [REDACTED:y]", "other"} {
		if got := pre(texts[i]); got != want {
			t.Errorf("%q → %q, want %q", texts[i], got, want)
		}
		if calls[texts[i]] != 1 {
			t.Errorf("%q redacted alone %d times, want 1", texts[i], calls[texts[i]])
		}
	}
	// A withheld batch (the hook failed) is redacted text by text too.
	withheld := func(s string) string {
		if strings.Contains(s, "\x1e") {
			return redact.Withheld
		}
		return "ok:" + s
	}
	if got := Prefetch(withheld, texts)("other"); got != "ok:other" {
		t.Errorf("after a withheld batch: %q", got)
	}
}

// TestBatchedTranscriptSameAsAlone: a rendering with Batch is line for
// line the one without it, with the real redactor.
func TestBatchedTranscriptSameAsAlone(t *testing.T) {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	rng := rand.New(rand.NewPCG(5, 5))
	ghp := "ghp_FAKE" + randStr(rng, alnum, 31) + "7"
	args, _ := json.Marshal(map[string]string{"command": "gh auth login --with-token " + ghp})
	sess := transcript.Session{Source: transcript.Gemini, ID: "s1", Summary: "rotate " + ghp}
	msgs := []transcript.Message{
		{ID: "u1", Role: transcript.RoleUser, Human: true, Text: "  my token is " + ghp + "\n"},
		{ID: "a1", Role: transcript.RoleAssistant, Text: "Storing it: token=", ToolCalls: []transcript.ToolCall{
			{ID: "c1", Name: "run_shell_command", Args: args, Status: "success"},
			{ID: "c2", Name: "read_file", Args: json.RawMessage(`{"path": "/p/a.go"}`), Status: "success"},
		}},
		{ID: "u2", Role: transcript.RoleUser, Human: true, Text: ghp[4:] + " was the rest"},
		{ID: "u3", Role: transcript.RoleUser, Text: "/memory show"},
	}
	n := 0
	red := realHook(t, &n)
	for _, o := range []Options{{CallsOnly: true}, {}} {
		alone := strings.Join(Transcript(sess, msgs, red, o).Lines, "\n")
		o.Batch = true
		batched := strings.Join(Transcript(sess, msgs, red, o).Lines, "\n")
		if batched != alone {
			t.Errorf("batched:\n%s\nalone:\n%s", batched, alone)
		}
		if strings.Contains(batched, ghp) {
			t.Errorf("secret survived:\n%s", batched)
		}
	}
}
