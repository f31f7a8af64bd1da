package gemini

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/automem/automem/internal/worktree"
)

// BenchmarkProjects lists 200 projects, half of them rooted in git clones
// (a .git directory: no go-git), half outside any repository; the
// "worktrees" part is what foldWorktrees adds to a listing.
func BenchmarkProjects(b *testing.B) {
	base := b.TempDir()
	g := filepath.Join(base, ".gemini")
	reg := `{"projects":{`
	for i := range 200 {
		root := filepath.Join(base, "src", fmt.Sprintf("p%03d", i), "deep", "er")
		if i%2 == 0 {
			if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
				b.Fatal(err)
			}
		}
		id := fmt.Sprintf("p%03d", i)
		if i > 0 {
			reg += ","
		}
		reg += fmt.Sprintf("%q:%q", root, id)
		if err := os.MkdirAll(filepath.Join(g, "tmp", id, "chats"), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(g, "projects.json"), []byte(reg+"}}"), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("list", func(b *testing.B) {
		for b.Loop() {
			if ps, err := Projects(g); err != nil || len(ps) != 200 {
				b.Fatal(len(ps), err)
			}
		}
	})
	ps, _ := Projects(g)
	b.Run("worktrees", func(b *testing.B) {
		for b.Loop() {
			var wt worktree.Mapper
			foldWorktrees(ps, wt.Main)
		}
	})
}
