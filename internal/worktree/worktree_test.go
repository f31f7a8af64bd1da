package worktree

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	git "github.com/go-git/go-git/v5"
)

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// linked lays out, by hand, what `git worktree add` leaves: a main clone
// at main/ and a linked worktree at wt/ whose .git file points into
// main/.git/worktrees/wt, which names the common dir.
func linked(t *testing.T, base string, bare bool) (main, wt string) {
	t.Helper()
	main, wt = filepath.Join(base, "main"), filepath.Join(base, "wt")
	common := filepath.Join(main, ".git")
	if bare {
		common = filepath.Join(base, "repo.git")
	}
	if _, err := git.PlainInit(map[bool]string{false: main, true: common}[bare], bare); err != nil {
		t.Fatal(err)
	}
	admin := filepath.Join(common, "worktrees", "wt")
	write(t, filepath.Join(admin, "commondir"), "../..\n")
	write(t, filepath.Join(admin, "HEAD"), "ref: refs/heads/wt\n")
	write(t, filepath.Join(admin, "gitdir"), filepath.Join(wt, ".git")+"\n")
	write(t, filepath.Join(wt, ".git"), "gitdir: "+admin+"\n")
	return main, wt
}

func TestMainMapsLinkedWorktrees(t *testing.T) {
	base := t.TempDir()
	main, wt := linked(t, base, false)
	if err := os.MkdirAll(filepath.Join(wt, "pkg", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		dir, want string
		ok        bool
	}{
		{wt, main, true},
		{filepath.Join(wt, "pkg", "sub"), filepath.Join(main, "pkg", "sub"), true},
		{filepath.Join(wt, "gone"), filepath.Join(main, "gone"), true}, // a recorded dir since removed
		{main, "", false},                       // the main worktree itself
		{filepath.Join(main, "pkg"), "", false}, // inside the main worktree
		{filepath.Join(base, "elsewhere"), "", false},
	}
	for _, c := range cases {
		got, ok := Main(c.dir)
		if got != c.want || ok != c.ok {
			t.Errorf("Main(%s) = %q, %v; want %q, %v", c.dir, got, ok, c.want, c.ok)
		}
	}
}

func TestMainLeavesOtherLayoutsAlone(t *testing.T) {
	base := t.TempDir()
	// A worktree of a bare repository has no main worktree.
	_, wt := linked(t, base, true)
	if got, ok := Main(wt); ok {
		t.Errorf("bare repository worktree mapped to %q", got)
	}
	// A submodule's .git file points to a git dir without commondir.
	sub := filepath.Join(base, "super", "sub")
	modDir := filepath.Join(base, "super", ".git", "modules", "sub")
	if _, err := git.PlainInit(filepath.Join(base, "super"), false); err != nil {
		t.Fatal(err)
	}
	if _, err := git.PlainInit(modDir, true); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(sub, ".git"), "gitdir: ../.git/modules/sub\n")
	if got, ok := Main(sub); ok {
		t.Errorf("submodule mapped to %q", got)
	}
	// A .git file that points nowhere is no repository.
	broken := filepath.Join(base, "broken")
	write(t, filepath.Join(broken, ".git"), "gitdir: /nonexistent/worktrees/x\n")
	if got, ok := Main(broken); ok {
		t.Errorf("broken .git file mapped to %q", got)
	}
}

// TestMainWithGit checks the layout git itself writes, when git is there.
func TestMainWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	base, err := filepath.EvalSymlinks(t.TempDir()) // git records real paths
	if err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(base, "app")
	wt := filepath.Join(base, "app-feature")
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.MkdirAll(main, 0o755); err != nil {
		t.Fatal(err)
	}
	run(main, "init", "-q")
	run(main, "commit", "-q", "--allow-empty", "-m", "first")
	run(main, "worktree", "add", "-q", wt)
	if got, ok := Main(wt); !ok || got != main {
		t.Errorf("Main(%s) = %q, %v; want %q", wt, got, ok, main)
	}
	if got, ok := Main(main); ok {
		t.Errorf("main worktree mapped to %q", got)
	}
}
