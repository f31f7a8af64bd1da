package tombstone

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAddLoadRoundTrip(t *testing.T) {
	file := filepath.Join(t.TempDir(), ".automem", "tombstones.jsonl")
	s, err := Load(file)
	if err != nil || len(s.items) != 0 {
		t.Fatalf("Load(empty) = %v, %v; want empty set", len(s.items), err)
	}
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	err = Add(file, now,
		Tombstone{Kind: KindMemory, Target: "/m/MEMORY.md", Text: "- Use pnpm."},
		Tombstone{Kind: KindSkill, Target: "deploy-app", Text: "deploy-app"},
		Tombstone{Kind: KindMemory, Target: "/m/MEMORY.md", Text: "use PNPM"}, // duplicate
	)
	if err != nil {
		t.Fatal(err)
	}
	s, err = Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.items) != 2 {
		t.Fatalf("Len = %d, want 2", len(s.items))
	}
	if !s.Has("* use pnpm") || !s.Has("Deploy-App") || s.Has("use npm") {
		t.Errorf("Has answers wrong: texts %v", s.Texts())
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), `"at":"2026-05-01T09:00:00Z"`) || !strings.Contains(string(data), `"key":"`+Key("use pnpm")+`"`) {
		t.Errorf("file content missing at/key: %s", data)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Errorf("leftover temp files: %v", entries)
	}
}

func TestLoadSkipsBadLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), ".automem", "tombstones.jsonl")
	os.MkdirAll(filepath.Dir(file), 0o700)
	os.WriteFile(file, []byte("not json\n{\"kind\":\"memory\",\"text\":\"keep me\"}\n{\"kind\":\"memory\"}\n"), 0o600)
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.items) != 1 || !s.Has("keep me") {
		t.Errorf("got %v, want only 'keep me'", s.Texts())
	}
}

func BenchmarkHas(b *testing.B) {
	file := filepath.Join(b.TempDir(), ".automem", "tombstones.jsonl")
	var items []Tombstone
	for i := range 2000 {
		items = append(items, Tombstone{Kind: KindMemory, Text: strings.Repeat("x", i%50) + " line"})
	}
	if err := Add(file, time.Now(), items...); err != nil {
		b.Fatal(err)
	}
	s, _ := Load(file)
	b.ResetTimer()
	for b.Loop() {
		s.Has("- some line that is not there.")
	}
}

func TestKeptLines(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tombstones.jsonl")
	t1 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if err := Add(file, t1, Tombstone{Kind: KindKeep, Target: "/m/MEMORY.md", Text: "- The port is 7070."}); err != nil {
		t.Fatal(err)
	}
	s, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if s.Has("The port is 7070") || len(s.Texts()) != 0 {
		t.Errorf("a kept line is no dismissed candidate: Has %v, Texts %v", s.Has("The port is 7070"), s.Texts())
	}
	if at, ok := s.Kept("the port is 7070."); !ok || at != "2026-05-01T09:00:00Z" {
		t.Errorf("Kept = %q, %v", at, ok)
	}
	if _, ok := s.Kept("The port is 8080."); ok {
		t.Error("a line never kept is reported kept")
	}
	// Kept again later (upkeep proposed it again for a new reason): the
	// newer time stands, in one tombstone.
	t2 := t1.Add(48 * time.Hour)
	if err := Add(file, t2, Tombstone{Kind: KindKeep, Target: "/m/MEMORY.md", Text: "- The port is 7070."}); err != nil {
		t.Fatal(err)
	}
	if s, err = Load(file); err != nil {
		t.Fatal(err)
	}
	if at, _ := s.Kept("The port is 7070."); at != "2026-05-03T09:00:00Z" || len(s.items) != 1 {
		t.Errorf("kept again: at %q, %d tombstones", at, len(s.items))
	}
}
