package jobs

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/scan"
)

// TestBadInputDryRun runs the whole dry-run cycle over a Gemini project
// whose chats directory holds the malformed-transcript corpus plus a line
// over the length cap: the run finishes, every file gets a report entry
// with its verdict, unreadable ones carry their error, and the index offers
// only the eligible sessions.
func TestBadInputDryRun(t *testing.T) {
	home := t.TempDir()
	gdir := filepath.Join(home, ".gemini")
	chats := filepath.Join(gdir, "tmp", "alpha", "chats")
	mustWrite(t, filepath.Join(gdir, "projects.json"), []byte(`{"projects":{"/src/alpha":"alpha"}}`))
	mustWrite(t, filepath.Join(gdir, "tmp", "alpha", ".project_root"), []byte("/src/alpha\n"))
	const corpus = "../testdata/badinput/gemini"
	ents, err := os.ReadDir(corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(corpus, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		mustWrite(t, filepath.Join(chats, e.Name()), b)
	}
	// Over the 16 MiB line cap, between valid records.
	long := `{"id":"long","type":"user","content":[{"text":"` + strings.Repeat("y", 17<<20) + `"}]}`
	ok, err := os.ReadFile(filepath.Join(corpus, "session-ok.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	nl := bytes.IndexByte(ok, '\n') + 1
	huge := append(bytes.Replace(ok[:nl], []byte("badinput-ok"), []byte("badinput-long"), 1), long+"\n"...)
	mustWrite(t, filepath.Join(chats, "session-long.jsonl"), append(huge, ok[nl:]...))
	mtime := time.Date(2026, 5, 1, 16, 0, 0, 0, time.UTC)
	_ = filepath.WalkDir(chats, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			return os.Chtimes(p, mtime, mtime)
		}
		return err
	})

	var logBuf bytes.Buffer
	cfg := Config{
		GeminiDir: gdir, CacheDir: filepath.Join(home, "cache"), Source: SourceGemini,
		Now: time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC), MinIdle: 3 * time.Hour, MinUserMessages: 10,
		IndexSize: 50, MaxNew: 50, DryRun: true, Log: zerolog.New(zerolog.SyncWriter(&logBuf)), // Scan's workers log concurrently
	}
	for round := 0; round < 2; round++ { // the second run is served by the scan cache
		done := make(chan struct{})
		var rep Report
		go func() {
			defer close(done)
			rep, err = Run(context.Background(), cfg, Deps{})
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatal("dry run did not finish")
		}
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(rep.Projects) != 1 {
			t.Fatalf("round %d: %d projects", round, len(rep.Projects))
		}
		pr := rep.Projects[0]
		if pr.Status != StatusDryRun {
			t.Errorf("status %q", pr.Status)
		}
		if len(pr.Sessions) != len(ents)+1 {
			t.Errorf("round %d: %d session reports for %d files", round, len(pr.Sessions), len(ents)+1)
		}
		eligible, unreadable := 0, 0
		for _, s := range pr.Sessions {
			base := filepath.Base(s.Path)
			switch {
			case s.Eligible:
				eligible++
				if !s.New {
					t.Errorf("%s: eligible but not new", base)
				}
			case s.Reason == scan.ReasonUnreadable:
				unreadable++
				if s.Error == "" {
					t.Errorf("%s: unreadable without an error", base)
				}
			case s.Reason == "":
				t.Errorf("%s: skipped without a reason", base)
			}
			if base == "session-long.jsonl" && !s.Eligible {
				t.Errorf("long-line session: %+v", s)
			}
		}
		// The corpus files: 6 unreadable, 1 active (future), the rest eligible.
		if unreadable != 6 || eligible != len(ents)+1-6-1 {
			t.Errorf("round %d: %d eligible, %d unreadable", round, eligible, unreadable)
		}
		if len(pr.Index) != eligible {
			t.Errorf("round %d: %d index lines for %d eligible sessions", round, len(pr.Index), eligible)
		}
		for _, l := range pr.Index {
			if strings.Contains(l, "yyyyyyyy") {
				t.Error("index line carries transcript text of the long line")
			}
		}
	}
	// A third scan of unchanged files reads no transcript again, not even
	// the ones that hold no session.
	targets, err := Discover(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st := targets[0].Stats; st.Read != 0 || st.BytesRead != 0 || st.CacheHits != len(ents)+1 {
		t.Errorf("cached scan stats %+v", st)
	}
	if strings.Contains(logBuf.String(), "please do step") {
		t.Error("transcript text in the log")
	}
}

func mustWrite(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
