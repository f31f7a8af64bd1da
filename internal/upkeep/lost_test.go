package upkeep_test

import (
	"strings"
	"testing"

	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/upkeep"
)

// FuzzNothingLost: whatever the memory holds, a pass never loses a line:
// every line of every file is still in its file, or in archive.md, or in
// the topic file it moved to; and the pass never panics.
func FuzzNothingLost(f *testing.F) {
	f.Add(fixtureMemory, "- Prefer small commits.\n- Prefer small commits.\n", 10)
	f.Add("# M\n\n- a `x` b\n- a `x` b\n## S\n- one\n- two\n- three\n", "", 3)
	f.Add("```\n- in code\n```\n- Use pnpm, not npm.\n* use pnpm, not npm\n1. Use pnpm, not npm.\n", "# G\n- Use pnpm, not npm.\n", 1)
	f.Fuzz(func(t *testing.T, index, global string, budget int) {
		if budget < 1 || budget > 1000 || strings.ContainsRune(index+global, '\r') {
			return
		}
		in := upkeep.Input{
			Files: []upkeep.File{{Path: "/m/MEMORY.md", Kind: patch.Private, Content: index},
				{Path: "/g/GEMINI.md", Kind: patch.Global, Content: global}},
			Index: "/m/MEMORY.md", Archive: "/m/archive.md", Sessions: fixtureSessions(),
			Tree: gone{"publish": "tools/publish.sh"}, Now: fixtureNow, IndexBudget: budget,
		}
		changes, _ := upkeep.Render(in, upkeep.Plan(in))
		after := map[string]string{}
		for _, f := range in.Files {
			after[f.Path] = f.Content
		}
		for _, c := range changes {
			after[c.Path] = c.New
		}
		var elsewhere strings.Builder
		for p, c := range after {
			if p != "/m/MEMORY.md" && p != "/g/GEMINI.md" {
				elsewhere.WriteString(c)
			}
		}
		for _, f := range in.Files {
			kept := map[string]int{}
			for _, l := range strings.Split(after[f.Path], "\n") {
				kept[l]++
			}
			for _, l := range strings.Split(strings.TrimSuffix(f.Content, "\n"), "\n") {
				if strings.TrimSpace(l) == "" {
					continue
				}
				if kept[l] > 0 {
					kept[l]--
					continue
				}
				body := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "-*+0123456789. "))
				if !strings.Contains(elsewhere.String(), body) {
					t.Fatalf("line %q of %s is lost\nchanges: %+v", l, f.Path, changes)
				}
			}
		}
	})
}
