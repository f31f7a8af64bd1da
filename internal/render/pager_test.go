package render

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/automem/automem/internal/transcript"
)

func TestPager(t *testing.T) {
	files, _ := filepath.Glob("testdata/gref-medium/*.jsonl")
	if len(files) < 2 {
		t.Fatal("sample transcripts missing")
	}
	calls := 0
	var mu sync.Mutex
	red := func(s string) string { mu.Lock(); calls++; mu.Unlock(); return s }
	p := NewPager(map[string]transcript.Source{files[0]: transcript.Gemini}, red, Options{})

	first, err := p.Page(files[0], 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(first, "# transcript ") || !strings.Contains(first, "call read_file with offset=5 to continue") {
		t.Fatalf("first page %q", first)
	}
	after := calls
	second, err := p.Page(files[0], 5, 5)
	if err != nil || second == first {
		t.Fatalf("second page: %v", err)
	}
	if calls != after {
		t.Fatalf("transcript rendered twice (%d hook calls after the first page)", calls-after)
	}
	if _, err := p.Page(files[1], 0, 5); !errors.Is(err, ErrNotOffered) {
		t.Fatalf("not-offered file: %v", err)
	}
	// A missing offered file is an error, not an empty page.
	gone := filepath.Join(t.TempDir(), "session-x.jsonl")
	p2 := NewPager(map[string]transcript.Source{gone: transcript.Gemini}, red, Options{})
	if _, err := p2.Page(gone, 0, 5); err == nil || errors.Is(err, ErrNotOffered) {
		t.Fatalf("missing file: %v", err)
	}
	if _, err := os.Stat(gone); err == nil {
		t.Fatal("pager created a file")
	}
}
