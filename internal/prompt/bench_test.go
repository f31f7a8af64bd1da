package prompt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/automem/automem/internal/memdir"
)

func BenchmarkUser(b *testing.B) {
	in := Input{Memory: memdir.Shared(mem, "/home/u/.gemini/GEMINI.md", nil)}
	for i := 0; i < 50; i++ {
		in.Index = append(in.Index, fmt.Sprintf("[NEW] session %d summary | workflow: read_file -> replace (12 user msgs) — /home/u/.gemini/tmp/proj/chats/session-%d.jsonl", i, i))
	}
	for i := 0; i < 30; i++ {
		in.Skills = append(in.Skills, Skill{Name: fmt.Sprintf("skill-%d", i), Description: "does a thing", Scope: "user", Path: "/p"})
	}
	in.Pending = []Pending{{Kind: "private", Name: "extraction.patch", Body: strings.Repeat("+ a line with `code`\n", 200)}}
	b.ReportAllocs()
	for b.Loop() {
		_ = User(in)
	}
}
