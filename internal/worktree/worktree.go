// Package worktree sees projects the way git does: every worktree of one
// repository (`git worktree add`) shares the repository's common git dir,
// so automem treats them as one project whose memory belongs to the main
// worktree. Without this, each linked worktree would be a project of its
// own, with its own inbox, and a fact learned in one would be proposed
// again in the next. The layout (a .git file, commondir) is read as git
// documents it and the config with go-git's parser, never by running git.
package worktree

import (
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/config"
)

// Main returns where dir lies in the main worktree of its repository when
// dir is inside a linked worktree: the same path relative to the main
// worktree's root (a linked worktree's root maps to the main root). ok is
// false, and nothing changes for the caller, when dir is in no repository,
// in a main worktree or a plain clone, in a submodule, in a worktree of a
// bare repository (there is no main worktree), or when the repository
// cannot be read. It touches only the filesystem: one stat per directory
// level up to the nearest .git, and the git dir only when that .git is a file
// (a linked worktree or a submodule). To map many directories, use a
// Mapper.
func Main(dir string) (string, bool) {
	var m Mapper
	return m.Main(dir)
}

// Mapper is Main with a memory of the directories it has looked at, so
// mapping many project roots that share parent directories stats each
// directory once and opens each linked worktree once. The zero value is
// ready to use; a Mapper is not safe for concurrent use.
type Mapper struct {
	tops  map[string]string // dir -> nearest directory holding a .git file ("" when none, or a .git directory)
	mains map[string]string // linked worktree root -> main worktree root ("" when none)
}

// Main is the package-level Main, remembering what it looked at.
func (m *Mapper) Main(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	top := m.linkedTop(abs)
	if top == "" {
		return "", false
	}
	main, ok := m.mains[top]
	if !ok {
		main, _ = mainRoot(top)
		m.mains[top] = main
	}
	if main == "" || main == top {
		return "", false
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		return "", false
	}
	return filepath.Join(main, rel), true
}

// linkedTop finds the nearest directory at or above abs holding a .git
// entry and returns it when that entry is a file ("gitdir: ..."), as a
// linked worktree's is; "" for a .git directory (a main worktree: no
// change) or none at all.
func (m *Mapper) linkedTop(abs string) string {
	if m.tops == nil {
		m.tops, m.mains = map[string]string{}, map[string]string{}
	}
	var walked []string
	top := ""
	for d := abs; ; {
		if t, ok := m.tops[d]; ok {
			top = t
			break
		}
		walked = append(walked, d)
		if fi, err := os.Lstat(filepath.Join(d, gitDirName)); err == nil {
			if fi.Mode().IsRegular() {
				top = d
			}
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	for _, d := range walked {
		m.tops[d] = top
	}
	return top
}

// mainRoot opens the worktree at top with its common dir and returns the
// root of the repository's main worktree: core.worktree when the common
// config sets it, else the parent of a common dir named .git.
func mainRoot(top string) (string, bool) {
	r, err := open(top)
	if err != nil || samePath(r.Common, r.Dir) {
		return "", false // no commondir: a submodule or a separate git dir
	}
	f, err := os.Open(filepath.Join(r.Common, "config"))
	if err != nil {
		return "", false
	}
	defer f.Close()
	cfg, err := config.ReadConfig(f)
	if err != nil || cfg.Core.IsBare {
		return "", false
	}
	var main string
	switch {
	case cfg.Core.Worktree != "":
		main = rel(r.Common, cfg.Core.Worktree)
	case filepath.Base(r.Common) == gitDirName:
		main = filepath.Dir(r.Common)
	default:
		return "", false
	}
	main = filepath.Clean(main)
	if fi, err := os.Stat(main); err != nil || !fi.IsDir() {
		return "", false
	}
	return main, true
}

func samePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}
