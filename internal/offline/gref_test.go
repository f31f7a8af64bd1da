package offline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/transcript"
)

// TestGrefRecorderSessions runs the extractor on sessions written by Gemini
// CLI's real ChatRecordingService. Their prompts are ordinary requests
// ("keep the public API unchanged", "use the existing helper instead of a
// new one") and their shell calls are npm checks, so the only thing worth
// proposing is the verification line; anything else is a false positive.
func TestGrefRecorderSessions(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("generates transcripts with node")
	}
	gref.Require(t)
	home := t.TempDir()
	chats := filepath.Join(home, "chats")
	if out, err := gref.Node(t, "gen-transcripts.mjs", "40", chats, "--seed=11", "--quiet", "--subagent-frac=0.1", "--now=2026-06-01T00:00:00Z"); err != nil {
		t.Fatalf("gen-transcripts: %v\n%s", err, out)
	}
	entries, err := os.ReadDir(chats)
	if err != nil {
		t.Fatal(err)
	}
	var sessions []Session
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), "session-") {
			continue
		}
		s, err := new(transcript.Reader).ReadSession(filepath.Join(chats, e.Name()), transcript.Gemini)
		if err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, Session{Session: s, New: true})
	}
	if len(sessions) < 20 {
		t.Fatalf("only %d sessions generated", len(sessions))
	}
	w := &world{home: home, memDir: filepath.Join(home, "memory"), global: filepath.Join(home, ".gemini", "GEMINI.md")}
	if err := os.MkdirAll(w.memDir, 0o700); err != nil {
		t.Fatal(err)
	}
	res, err := Extract(context.Background(), Input{Dir: w.dir(), Sessions: sessions,
		Read: ReadTranscript, Redact: fakeRedact, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)}, zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) != 1 || res.Candidates[0].Kind != KindVerification {
		t.Fatalf("want only the verification line, got %+v", res.Candidates)
	}
	line := res.Candidates[0].Text
	for _, cmd := range []string{"`npm run lint`", "`npm test`"} {
		if !strings.Contains(line, cmd) {
			t.Errorf("verification line lacks %s: %q", cmd, line)
		}
	}
	if strings.Contains(line, "git") {
		t.Errorf("inspection commands listed: %q", line)
	}
	validateWithGemini(t, w)
}
