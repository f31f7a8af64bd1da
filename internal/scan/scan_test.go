package scan

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

var now = time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)

// fakeReader serves sessions from a table keyed by file base name and counts reads.
type fakeReader struct {
	sessions map[string]transcript.Session
	reads    atomic.Int64
}

func (f *fakeReader) read(path string, _ transcript.Source) (transcript.Session, error) {
	f.reads.Add(1)
	s, ok := f.sessions[filepath.Base(path)]
	if !ok {
		return transcript.Session{}, errors.New("bad file")
	}
	return s, nil
}

func touch(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestScanVerdicts(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	old := now.Add(-5 * time.Hour)
	fr := &fakeReader{sessions: map[string]transcript.Session{
		"session-a.jsonl":   {ID: "a", Kind: transcript.KindMain, LastUpdated: old, UserMessages: 12},
		"session-b.jsonl":   {ID: "b", Kind: transcript.KindMain, LastUpdated: now.Add(-time.Hour), UserMessages: 30},
		"session-c.jsonl":   {ID: "c", Kind: transcript.KindMain, LastUpdated: old, UserMessages: 9},
		"session-d.json":    {ID: "d", Kind: transcript.KindMain, LastUpdated: old, UserMessages: 11},
		"session-d.jsonl":   {ID: "d", Kind: transcript.KindMain, LastUpdated: old, UserMessages: 11},
		"session-e.jsonl":   {ID: "e", Kind: transcript.KindSubagent, LastUpdated: old, UserMessages: 40},
		"session-f.json":    {ID: "f", Kind: transcript.KindMain, LastUpdated: old, UserMessages: 10},
		"session-f-2.jsonl": {ID: "f", Kind: transcript.KindMain, LastUpdated: now.Add(-time.Minute), UserMessages: 12},
	}}
	for name := range fr.sessions {
		touch(t, filepath.Join(chats, name))
	}
	touch(t, filepath.Join(chats, "session-broken.jsonl"))
	touch(t, filepath.Join(chats, "a", "agent-1.jsonl"))
	touch(t, filepath.Join(chats, "logs.json")) // not a session file
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	entries, st := Scan(context.Background(), files, Options{Now: now, MinIdle: 3 * time.Hour, MinUserMessages: 10, Read: fr.read, Log: zerolog.Nop()})
	want := map[string]string{
		"session-a.jsonl":      "",
		"session-b.jsonl":      ReasonActive,
		"session-c.jsonl":      ReasonTooFew,
		"session-d.json":       ReasonDuplicate, // .jsonl wins a tie
		"session-d.jsonl":      "",
		"session-e.jsonl":      ReasonSubagent,
		"session-f.json":       ReasonDuplicate, // the resumed copy is newer, even though it is still active
		"session-f-2.jsonl":    ReasonActive,
		"session-broken.jsonl": ReasonUnreadable,
		"agent-1.jsonl":        ReasonSubagent,
	}
	if len(entries) != len(want) {
		t.Fatalf("got %d entries, want %d", len(entries), len(want))
	}
	for _, e := range entries {
		w, ok := want[filepath.Base(e.Path)]
		if !ok {
			t.Errorf("unexpected entry %s", e.Path)
			continue
		}
		if e.Reason != w || e.Eligible != (w == "") {
			t.Errorf("%s: reason %q eligible %v, want reason %q", filepath.Base(e.Path), e.Reason, e.Eligible, w)
		}
	}
	if st.Unreadable != 1 || st.Files != 10 {
		t.Errorf("stats = %+v", st)
	}
	for i := 1; i < len(entries); i++ {
		if entries[i].LastUpdated.After(entries[i-1].LastUpdated) {
			t.Fatal("entries not newest first")
		}
	}
}

func TestScanCache(t *testing.T) {
	dir := t.TempDir()
	chats := filepath.Join(dir, "chats")
	fr := &fakeReader{sessions: map[string]transcript.Session{
		"session-a.jsonl": {ID: "a", LastUpdated: now.Add(-4 * time.Hour), UserMessages: 12},
		"session-b.jsonl": {ID: "b", LastUpdated: now.Add(-4 * time.Hour), UserMessages: 3},
	}}
	for name := range fr.sessions {
		touch(t, filepath.Join(chats, name))
	}
	cachePath := filepath.Join(dir, "cache", "scan.json")
	run := func() []Entry {
		c := OpenCache(cachePath)
		files, _ := GeminiFiles(chats)
		entries, _ := Scan(context.Background(), files, Options{Now: now, MinIdle: 3 * time.Hour, MinUserMessages: 10, Read: fr.read, Cache: c, Log: zerolog.Nop()})
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return entries
	}
	first := run()
	if fr.reads.Load() != 2 {
		t.Fatalf("cold scan read %d files", fr.reads.Load())
	}
	second := run()
	if fr.reads.Load() != 2 {
		t.Fatalf("warm scan read files again: %d reads", fr.reads.Load())
	}
	if len(first) != len(second) || first[0].ID != second[0].ID || first[0].Eligible != second[0].Eligible {
		t.Fatalf("cached result differs: %+v vs %+v", first, second)
	}
	// a changed file is read again
	p := filepath.Join(chats, "session-b.jsonl")
	if err := os.WriteFile(p, []byte("{}\n{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run()
	if fr.reads.Load() != 3 {
		t.Fatalf("changed file not re-read: %d reads", fr.reads.Load())
	}
	// a corrupt cache costs only speed
	if err := os.WriteFile(cachePath, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := run(); len(got) != 2 {
		t.Fatalf("corrupt cache broke the scan: %d entries", len(got))
	}
}

func TestScanSkipsNonRegular(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("session-loop.jsonl", filepath.Join(chats, "session-loop.jsonl")); err != nil {
		t.Fatal(err)
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 0 {
		t.Fatalf("symlink listed: %+v", files)
	}
}

// Workers take files in runs: every file is read exactly once whatever
// the count, and a project of a few files still spreads over the workers.
func TestScanReadsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	var all []File
	for i := range 70 {
		p := filepath.Join(dir, fmt.Sprintf("session-%02d.jsonl", i))
		touch(t, p)
		all = append(all, File{Path: p, Source: transcript.Gemini})
	}
	for _, workers := range []int{1, 2, 3, 5} {
		for n := 0; n <= len(all); n++ {
			var mu sync.Mutex
			reads := map[string]int{}
			read := func(p string, src transcript.Source) (transcript.Session, error) {
				mu.Lock()
				reads[p]++
				mu.Unlock()
				return transcript.Session{ID: filepath.Base(p), Kind: transcript.KindMain, LastUpdated: now.Add(-5 * time.Hour)}, nil
			}
			entries, st := Scan(context.Background(), all[:n], Options{Now: now, Workers: workers, Read: read, Log: zerolog.Nop()})
			if len(entries) != n || st.Read != n || len(reads) != n {
				t.Fatalf("%d files, %d workers: %d entries, %d read, %d distinct", n, workers, len(entries), st.Read, len(reads))
			}
			for p, k := range reads {
				if k != 1 {
					t.Fatalf("%d files, %d workers: %s read %d times", n, workers, p, k)
				}
			}
		}
	}
	for _, tc := range []struct{ n, workers, want int }{
		{0, 2, 1}, {5, 2, 1}, {16, 2, 2}, {100, 2, 12}, {10000, 2, scanRun}, {10000, 64, scanRun}, {40, 1, 10},
	} {
		if got := runLength(tc.n, tc.workers); got != tc.want {
			t.Errorf("runLength(%d, %d) = %d, want %d", tc.n, tc.workers, got, tc.want)
		}
	}
}
