package jobs_test

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest/fakesecret"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/jobs"
)

// TestRedactorBuiltOnlyForTranscripts: the redaction rules are built once
// when there are transcripts to scan (while they are listed) and used for
// what the report shows, and never built for a home with nothing to scan.
func TestRedactorBuiltOnlyForTranscripts(t *testing.T) {
	var calls atomic.Int32
	deps := jobs.Deps{NewRedactor: func() (*redact.Redactor, error) {
		calls.Add(1)
		return redact.New(redact.Options{})
	}}
	empty := t.TempDir()
	cfg := jobs.Config{GeminiDir: empty, ClaudeDir: empty, CodexHome: empty, Source: jobs.SourceAll, DryRun: true,
		Now: time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC), MinIdle: time.Hour, MinUserMessages: 1, IndexSize: 50, MaxNew: 10}
	if _, err := jobs.Run(t.Context(), cfg, deps); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("nothing to scan, yet the rules were built %d times", n)
	}

	w := world.New(t)
	shapes := fakesecret.Corpus(7)
	secret := fakesecret.Tokens(shapes)[0].Values[0]
	w.Gemini(t, world.SecretSession("aaaaaaaa-1111-2222-3333-444455556666",
		time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC), shapes, "Fix login with "+secret))
	cfg.GeminiDir, cfg.ClaudeDir, cfg.CodexHome, cfg.Source = w.GeminiDir, w.ClaudeDir, w.CodexHome, jobs.SourceGemini
	rep, err := jobs.Run(t.Context(), cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n != 1 {
		t.Fatalf("rules built %d times for one project, want 1", n)
	}
	if len(rep.Projects) != 1 || len(rep.Projects[0].Index) == 0 {
		t.Fatalf("report: %+v", rep.Projects)
	}
	for _, l := range rep.Projects[0].Index {
		if strings.Contains(l, secret) {
			t.Errorf("index line keeps the secret: %q", l)
		}
	}
}
