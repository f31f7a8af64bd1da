package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/memdir"
)

// benchWorld is a memory dir with 20 skill drafts of 5 files each and a
// 2000-line MEMORY.md.
func benchWorld(b *testing.B) *Sandbox {
	b.Helper()
	mem := b.TempDir()
	var lines strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&lines, "- fact %d: use make target-%d before committing\n", i, i)
	}
	if err := os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte(lines.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		d := filepath.Join(mem, "skills", fmt.Sprintf("skill-%d", i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		for j := 0; j < 5; j++ {
			if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%d.md", j)), []byte(strings.Repeat("step one\nstep two\n", 50)), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	s, err := New(Config{Memory: memdir.Shared(mem, "", nil), MaxWrites: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

func BenchmarkReadFile(b *testing.B) {
	s := benchWorld(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.ReadFile("MEMORY.md", 100, 200); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteFile(b *testing.B) {
	s := benchWorld(b)
	content := strings.Repeat("line\n", 200)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.WriteFile("skills/new/SKILL.md", content); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGlob(b *testing.B) {
	s := benchWorld(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Glob("**/*.md", ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGrepSearch(b *testing.B) {
	s := benchWorld(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.GrepSearch(`target-1\d\d\b`, "", "*.md"); err != nil {
			b.Fatal(err)
		}
	}
}
