package evidence

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLoadMissing(t *testing.T) {
	s, err := Load(filepath.Join(t.TempDir(), "evidence.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if storeLen(s) != 0 || len(s.For("x")) != 0 {
		t.Fatal("missing file is not empty")
	}
}

func TestAppendForAndDedup(t *testing.T) {
	file := filepath.Join(t.TempDir(), ".automem", "evidence.jsonl")
	a := Item{Text: "Use pnpm, not npm.", Target: "/m/MEMORY.md", SessionID: "s1", MessageID: "m1", Path: "/t/1.jsonl", Quote: "no, use pnpm not npm", At: "2026-01-01T00:00:00Z"}
	b := a
	b.SessionID, b.MessageID = "s2", "m9"
	if err := Append(file, a, b); err != nil {
		t.Fatal(err)
	}
	// Same identity again with a new quote replaces, does not duplicate.
	a2 := a
	a2.Quote = "newer quote"
	if err := Append(file, a2); err != nil {
		t.Fatal(err)
	}
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	got := s.For("- use PNPM, not npm")
	if len(got) != 2 {
		t.Fatalf("For returned %d items, want 2: %+v", len(got), got)
	}
	if got[0].SessionID != "s2" || got[1].Quote != "newer quote" {
		t.Fatalf("unexpected order or content: %+v", got)
	}
	if got[0].Key == "" || got[0].Key != got[1].Key {
		t.Fatal("key not filled")
	}
	if len(s.For("use npm")) != 0 {
		t.Fatal("unrelated text matched")
	}
}

func TestAppendBounded(t *testing.T) {
	file := filepath.Join(t.TempDir(), ".automem", "evidence.jsonl")
	var items []Item
	for i := 0; i < MaxItems+10; i++ {
		items = append(items, Item{Text: fmt.Sprintf("line %d", i), SessionID: "s", At: fmt.Sprintf("2026-01-01T00:%02d:%02dZ", i/3600%60, i%60)})
	}
	// Shuffle time order a little: first item is the newest.
	items[0].At = "2027-01-01T00:00:00Z"
	if err := Append(file, items...); err != nil {
		t.Fatal(err)
	}
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if storeLen(s) != MaxItems {
		t.Fatalf("kept %d, want %d", storeLen(s), MaxItems)
	}
	if len(s.For("line 0")) != 1 {
		t.Fatal("newest item was dropped")
	}
}

func TestBadLinesSkipped(t *testing.T) {
	file := filepath.Join(t.TempDir(), ".automem", "evidence.jsonl")
	if err := Append(file, Item{Text: "keep me", SessionID: "s"}); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{not json\n{\"text\":\"\"}\n")
	f.Close()
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if storeLen(s) != 1 {
		t.Fatalf("len %d, want 1", storeLen(s))
	}
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", info.Mode())
	}
}

func TestCut(t *testing.T) {
	long := strings.Repeat("é", 300)
	c := Cut(long, MaxQuote)
	if utf8.RuneCountInString(c) != MaxQuote || !strings.HasSuffix(c, "…") {
		t.Fatalf("cut to %d runes", utf8.RuneCountInString(c))
	}
	if Cut("a\n\n b\tc ", 10) != "a b c" {
		t.Fatalf("got %q", Cut("a\n\n b\tc ", 10))
	}
	if Cut("short", 10) != "short" {
		t.Fatal("short text changed")
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"text":"a","sessionId":"s"}` + "\n{bad\n"))
	f.Add([]byte("\n\n"))
	f.Add([]byte(`{"key":"x","text":"- Use pnpm.","quote":"` + strings.Repeat("q", 300) + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(t.TempDir(), ".automem", "evidence.jsonl")
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Load(file)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		before := storeLen(s)
		if err := Append(file, Item{Text: "fuzz line", SessionID: "f", MessageID: "m"}); err != nil {
			t.Fatalf("append: %v", err)
		}
		s2, err := Load(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(s2.For("fuzz line")) == 0 {
			t.Fatal("appended item lost")
		}
		if storeLen(s2) > before+1 {
			t.Fatalf("grew from %d to %d", before, storeLen(s2))
		}
	})
}

// storeLen is the number of items s holds (none for a nil store).
func storeLen(s *Store) int {
	if s == nil {
		return 0
	}
	return len(s.items)
}
