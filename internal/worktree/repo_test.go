package worktree

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	base := t.TempDir()
	main, wt := linked(t, base, false)
	admin := filepath.Join(main, ".git", "worktrees", "wt")
	// A linked worktree whose .git file names its git dir relatively.
	rwt := filepath.Join(base, "rel")
	write(t, filepath.Join(rwt, ".git"), "gitdir: ../main/.git/worktrees/wt\nignored\n")
	// A .git file whose git dir names a common dir that is gone.
	broken := filepath.Join(base, "broken")
	write(t, filepath.Join(base, "gone-admin", "commondir"), "../nowhere\n")
	write(t, filepath.Join(broken, ".git"), "gitdir: "+filepath.Join(base, "gone-admin")+"\n")
	// A .git file without the gitdir line.
	junk := filepath.Join(base, "junk")
	write(t, filepath.Join(junk, ".git"), "not a pointer\n")
	if err := os.MkdirAll(filepath.Join(wt, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	common := filepath.Join(main, ".git")
	cases := []struct {
		name, dir string
		want      Repo
		ok        bool
	}{
		{"main worktree", main, Repo{main, common, common}, true},
		{"below the main worktree", filepath.Join(main, "x", "y"), Repo{main, common, common}, true},
		{"linked worktree", filepath.Join(wt, "a", "b"), Repo{wt, admin, common}, true},
		{"relative gitdir", rwt, Repo{rwt, admin, common}, true},
		{"common dir gone", broken, Repo{}, false},
		{"no gitdir line", junk, Repo{}, false},
		{"no repository", filepath.Join(base, "none"), Repo{}, false},
	}
	for _, c := range cases {
		got, ok := Find(c.dir)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: Find(%s) = %+v, %v; want %+v, %v", c.name, c.dir, got, ok, c.want, c.ok)
		}
	}
}
