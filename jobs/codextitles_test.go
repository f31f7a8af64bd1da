package jobs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// TestCodexTitlesInIndex: Codex keeps thread names outside the rollouts;
// discovery gives them to the sessions (the last line for an id wins), so
// the index a model and a dry run see names the session.
func TestCodexTitlesInIndex(t *testing.T) {
	home := t.TempDir()
	const id = "019bd3b5-7d2f-7a41-9c03-6f5b4d3c2b1a"
	rel := "sessions/2026/01/21/rollout-2026-01-21T08-00-00-" + id + ".jsonl"
	data, err := os.ReadFile(filepath.Join("../testdata/transcripts/codex", rel))
	if err != nil {
		t.Fatal(err)
	}
	codex := filepath.Join(home, ".codex")
	mustWrite(t, filepath.Join(codex, rel), data)
	mustWrite(t, filepath.Join(codex, "session_index.jsonl"), []byte(
		`{"id":"`+id+`","thread_name":"first name","updated_at":"2026-01-21T07:00:00Z"}`+"\n"+
			`{"id":"`+id+`","thread_name":"Fix the flaky API test","updated_at":"2026-01-21T08:00:00Z"}`+"\n"))
	cfg := Config{
		GeminiDir: filepath.Join(home, ".gemini"), CodexHome: codex, Source: SourceCodex,
		Now: time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC), MinIdle: time.Hour, Log: zerolog.Nop(),
	}
	targets, err := Discover(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) != 1 || len(targets[0].Entries) != 1 {
		t.Fatalf("targets %+v", targets)
	}
	if got := targets[0].Entries[0].Summary; got != "Fix the flaky API test" {
		t.Fatalf("summary %q", got)
	}
	// Without the index the session simply has no title.
	os.Remove(filepath.Join(codex, "session_index.jsonl"))
	if targets, err = Discover(context.Background(), cfg); err != nil || targets[0].Entries[0].Summary != "" {
		t.Fatalf("without an index: %+v %v", targets, err)
	}
}
