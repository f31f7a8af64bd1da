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
