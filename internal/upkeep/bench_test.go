package upkeep_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/transcript"
	"github.com/automem/automem/internal/upkeep"
)

// BenchmarkPlan is one daily pass over a large memory: a 2,000-line
// MEMORY.md (the size Codex users report) in 40 sections, 300 sessions of
// 40 messages, every check on (the tree answers from a map).
var benchLines, benchSessions = 2000, 300

func BenchmarkPlan(b *testing.B) {
	var mem strings.Builder
	mem.WriteString("# Project Memory\n")
	for i := range benchLines {
		if i%50 == 0 {
			fmt.Fprintf(&mem, "\n## Area %d\n", i/50)
		}
		fmt.Fprintf(&mem, "- Module m%d uses `tool%d --flag=%d` and keeps its data under data/m%d/.\n", i, i%97, i, i)
	}
	now := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var sessions []upkeep.Session
	for s := range benchSessions {
		var msgs []transcript.Message
		for m := range 20 {
			msgs = append(msgs, human(fmt.Sprintf("h%d", m), fmt.Sprintf("please update module m%d, the port is %d now", (s*20+m)%2000, 7000+s)))
			msgs = append(msgs, shell(fmt.Sprintf("a%d", m), fmt.Sprintf("tool%d --flag=%d data/m%d/", m, s, m), strings.Repeat("ok line\n", 50)))
		}
		sessions = append(sessions, upkeep.Session{ID: fmt.Sprintf("s%03d", s), At: now.Add(-time.Duration(300-s) * 24 * time.Hour), Messages: msgs})
	}
	in := upkeep.Input{Files: []upkeep.File{{Path: "/m/MEMORY.md", Kind: patch.Private, Content: mem.String()}},
		Index: "/m/MEMORY.md", Archive: "/m/archive.md", Sessions: sessions, Tree: gone{"data/m13/": "data/m13/"}, Now: now}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		props := upkeep.Plan(in)
		if len(props) == 0 {
			b.Fatal("nothing proposed")
		}
	}
}
