package worktree

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// gitDirName is the entry git looks for in each directory up from where it
// starts: a directory in a main worktree, a file naming the git dir in a
// linked worktree or a submodule.
const gitDirName = ".git"

// Repo is where git keeps the files of one worktree. It is found by
// reading the layout git documents (gitrepository-layout) rather than by
// opening a go-git Repository: extract maps project roots on every run, and
// go-git's top-level package brings its transports, SSH and OpenPGP into
// the binary's start-up for two small files.
type Repo struct {
	Top    string // the worktree's root: the directory holding .git
	Dir    string // its own git dir (HEAD, index)
	Common string // the repository's common dir (objects, refs, config); Dir when it has no other
}

// Find returns the repository whose worktree holds dir: the nearest .git
// at or above it, as git and go-git's DetectDotGit find it. ok is false
// when there is none or it cannot be read.
func Find(dir string) (Repo, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Repo{}, false
	}
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, gitDirName)); err == nil {
			r, err := open(d)
			return r, err == nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return Repo{}, false
		}
		d = parent
	}
}

// open reads the .git entry at top: a directory is the git dir itself; a
// file holds "gitdir: PATH" (relative to top unless absolute), and that git
// dir's commondir file, when there is one, names the common dir (relative
// to the git dir unless absolute).
func open(top string) (Repo, error) {
	r := Repo{Top: top, Dir: filepath.Join(top, gitDirName)}
	fi, err := os.Stat(r.Dir)
	if err != nil {
		return Repo{}, err
	}
	if !fi.IsDir() {
		b, err := os.ReadFile(r.Dir)
		if err != nil {
			return Repo{}, err
		}
		line, _, _ := strings.Cut(string(b), "\n")
		gitdir, ok := strings.CutPrefix(line, "gitdir: ")
		if !ok {
			return Repo{}, fmt.Errorf("%s: no gitdir line", r.Dir)
		}
		r.Dir = rel(top, strings.TrimSpace(gitdir))
	}
	r.Common = r.Dir
	b, err := os.ReadFile(filepath.Join(r.Dir, "commondir"))
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return Repo{}, err
	case strings.TrimSpace(string(b)) != "":
		r.Common = rel(r.Dir, strings.TrimSpace(string(b)))
	}
	if fi, err := os.Stat(r.Common); err != nil || !fi.IsDir() {
		return Repo{}, fmt.Errorf("git dir %s: not a directory", r.Common)
	}
	return r, nil
}

// rel resolves p against base unless it is absolute.
func rel(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}
