package tombstone

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"- Use  pnpm, not npm.", "use pnpm, not npm"},
		{"* Always RUN tests", "always run tests"},
		{"12. numbered item...", "numbered item"},
		{"  \tspaced\n out  ", "spaced out"},
		{"-not a marker", "-not a marker"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if Key("- Use pnpm.") != Key("use   PNPM") {
		t.Errorf("keys of equivalent lines differ")
	}
	if Key("use pnpm") == Key("use npm") {
		t.Errorf("keys of different lines are equal")
	}
}

func TestAddLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := Load(dir)
	if err != nil || s.Len() != 0 {
		t.Fatalf("Load(empty) = %v, %v; want empty set", s.Len(), err)
	}
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	err = Add(dir, now,
		Tombstone{Kind: KindMemory, Target: "/m/MEMORY.md", Text: "- Use pnpm."},
		Tombstone{Kind: KindSkill, Target: "deploy-app", Text: "deploy-app"},
		Tombstone{Kind: KindMemory, Target: "/m/MEMORY.md", Text: "use PNPM"}, // duplicate
	)
	if err != nil {
		t.Fatal(err)
	}
	s, err = Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 2 {
		t.Fatalf("Len = %d, want 2", s.Len())
	}
	if !s.Has("* use pnpm") || !s.Has("Deploy-App") || s.Has("use npm") {
		t.Errorf("Has answers wrong: texts %v", s.Texts())
	}
	data, _ := os.ReadFile(Path(dir))
	if !strings.Contains(string(data), `"at":"2026-05-01T09:00:00Z"`) || !strings.Contains(string(data), `"key":"`+Key("use pnpm")+`"`) {
		t.Errorf("file content missing at/key: %s", data)
	}
	entries, _ := os.ReadDir(filepath.Dir(Path(dir)))
	if len(entries) != 1 {
		t.Errorf("leftover temp files: %v", entries)
	}
}

func TestLoadSkipsBadLines(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Dir(Path(dir)), 0o700)
	os.WriteFile(Path(dir), []byte("not json\n{\"kind\":\"memory\",\"text\":\"keep me\"}\n{\"kind\":\"memory\"}\n"), 0o600)
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 1 || !s.Has("keep me") {
		t.Errorf("got %v, want only 'keep me'", s.Texts())
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"- a.", "1. b", "  x  y ", "..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if n != strings.TrimSpace(n) || strings.Contains(n, "  ") {
			t.Errorf("Normalize(%q) = %q keeps edge or double spaces", s, n)
		}
		if Key(s) != Key(n) && Normalize(n) == n {
			t.Errorf("Key differs for an already normal form of %q", s)
		}
		if strings.ContainsAny(n, "\n\t") {
			t.Errorf("normalized %q keeps whitespace runs", n)
		}
	})
}

func BenchmarkHas(b *testing.B) {
	dir := b.TempDir()
	var items []Tombstone
	for i := range 2000 {
		items = append(items, Tombstone{Kind: KindMemory, Text: strings.Repeat("x", i%50) + " line"})
	}
	if err := Add(dir, time.Now(), items...); err != nil {
		b.Fatal(err)
	}
	s, _ := Load(dir)
	b.ResetTimer()
	for b.Loop() {
		s.Has("- some line that is not there.")
	}
}
