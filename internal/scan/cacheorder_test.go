package scan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// TestCacheFindsEntriesInListingOrder checks that Save writes the entries
// in the order Scan listed their files, that an unchanged listing then
// finds every entry in place without building the path index, and that a
// changed listing still finds every unchanged file.
func TestCacheFindsEntriesInListingOrder(t *testing.T) {
	chats := t.TempDir()
	write := func(name string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(chats, name), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 40 {
		write(fmt.Sprintf("session-2026-01-01T00-%02d-%08x.jsonl", i, i))
	}
	if err := os.Mkdir(filepath.Join(chats, "parent-1"), 0o755); err != nil { // a sub-agent dir: listed, no entry
		t.Fatal(err)
	}
	var reads atomic.Int64
	opt := Options{Now: time.Now(), MinIdle: time.Hour, MinUserMessages: 1, Log: zerolog.Nop(),
		Read: func(p string, src transcript.Source) (transcript.Session, error) {
			reads.Add(1)
			return transcript.Session{ID: strings.TrimSuffix(filepath.Base(p), ".jsonl"), Source: src}, nil
		}}
	cachePath := filepath.Join(t.TempDir(), "scan.cache")
	scanOnce := func() (*Cache, []File) {
		t.Helper()
		files, err := GeminiFilesLazy(chats)
		if err != nil {
			t.Fatal(err)
		}
		c := OpenCache(cachePath)
		opt.Cache = c
		Scan(context.Background(), files, opt)
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return c, files
	}

	scanOnce()
	if reads.Load() != 40 {
		t.Fatalf("first scan read %d files, want 40", reads.Load())
	}
	c, files := scanOnce()
	if reads.Load() != 40 {
		t.Fatalf("re-scan read %d more files, want none", reads.Load()-40)
	}
	var listed []string
	for _, f := range files {
		if cacheable(f) {
			listed = append(listed, f.Path)
		}
	}
	if !slices.Equal(c.old.paths, listed) {
		t.Errorf("cache entries in order\n%q\nwant the listing's\n%q", c.old.paths, listed)
	}
	if c.old.index.at != nil {
		t.Error("an unchanged listing built the path index")
	}

	// A new file changes the listing; each old file is still found.
	write("session-2026-01-02T00-00-000000ff.jsonl")
	scanOnce()
	if got := reads.Load() - 40; got != 1 {
		t.Errorf("after one new file, the re-scan read %d files, want 1", got)
	}
}
