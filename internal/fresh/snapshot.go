package fresh

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/automem/automem/internal/worktree"
)

// Snapshot is what a project's working tree holds, taken once per upkeep
// pass. Exact paths are always confirmed on disk; the listing answers the
// partial paths memory lines use ("handlers/auth.go" for
// internal/handlers/auth.go) and finds the manifests.
type Snapshot struct {
	root   string
	git    bool                // the listing is the git index
	files  []string            // slash paths relative to root
	byBase map[string][]string // base name → files
	dirs   map[string]bool     // every directory holding a listed file
	dirOf  map[string]bool     // base names of those directories

	ignoreOnce sync.Once
	ignore     []gitignore.Pattern // root and info/exclude patterns

	manifestsOnce sync.Once
	man           *manifests
}

// Load snapshots the working tree at root: the git index when root is
// inside a git work tree and the index lists files under it (fast: no
// directory is read), else one walk that skips .git, dependency and build
// directories.
func Load(root string) (*Snapshot, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", root, err)
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", root, err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("snapshot %s: not a directory", root)
	}
	s := &Snapshot{root: abs}
	files, ok := indexFiles(abs)
	if ok && len(files) > 0 {
		s.git = true
	} else if files, err = walkFiles(abs); err != nil {
		return nil, fmt.Errorf("snapshot %s: %w", root, err)
	}
	s.index(files)
	return s, nil
}

// indexFiles lists the files of the git index under root, relative to it;
// false when root is in no repository or the index cannot be read (the
// caller walks instead).
func indexFiles(root string) ([]string, bool) {
	repo, ok := worktree.Find(root)
	if !ok {
		return nil, false
	}
	top, err := filepath.EvalSymlinks(repo.Top)
	if err != nil {
		return nil, false
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, false
	}
	rel, err := filepath.Rel(top, real)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, false
	}
	prefix := ""
	if rel != "." {
		prefix = filepath.ToSlash(rel) + "/"
	}
	idx, err := readIndex(filepath.Join(repo.Dir, "index"))
	if err != nil {
		return nil, false
	}
	files := make([]string, 0, len(idx.Entries))
	for _, e := range idx.Entries {
		if strings.HasPrefix(e.Name, prefix) {
			files = append(files, e.Name[len(prefix):])
		}
	}
	return files, true
}

// readIndex decodes a git index file; a repository without one (nothing
// staged yet) has an empty index.
func readIndex(file string) (*index.Index, error) {
	idx := &index.Index{}
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return idx, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(idx); err != nil {
		return nil, fmt.Errorf("read git index %s: %w", file, err)
	}
	return idx, nil
}

// skipDirs are never walked: version control, dependencies, caches and
// build output hold nothing a memory line names that a stat would miss.
var skipDirs = setOf(".git", ".hg", ".svn", ".jj", "node_modules", "vendor", ".venv", "venv", "__pycache__", "target",
	".cache", ".next", ".nuxt", ".gradle", ".idea", ".tox", ".mypy_cache", ".pytest_cache", "bower_components", ".terraform")

// walkFiles lists the regular files and symlinks under root in one walk.
func walkFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != root && errors.Is(err, fs.ErrPermission) {
				return fs.SkipDir // an unreadable directory hides only itself
			}
			return err
		}
		if d.IsDir() {
			if p != root && skipDirs[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	return files, err
}

// index builds the lookups over the listing.
func (s *Snapshot) index(files []string) {
	s.files = files
	s.byBase = make(map[string][]string, len(files))
	s.dirs = map[string]bool{}
	s.dirOf = map[string]bool{}
	for _, f := range files {
		dir, base := path.Split(f)
		s.byBase[base] = append(s.byBase[base], f)
		for dir = strings.TrimSuffix(dir, "/"); dir != "" && !s.dirs[dir]; {
			s.dirs[dir] = true
			d, b := path.Split(dir)
			s.dirOf[b] = true
			dir = strings.TrimSuffix(d, "/")
		}
	}
}

// has reports whether p (a file or directory, slash-separated) exists: on
// disk under root, or as the tail of a listed path.
func (s *Snapshot) has(p string) bool {
	// A line may open with a path, and sentence case capitalises it
	// ("Db/schema.rb is generated").
	if r := p[0]; r >= 'A' && r <= 'Z' && s.find(string(r+'a'-'A')+p[1:]) {
		return true
	}
	return s.find(p)
}

// find is has for one spelling.
func (s *Snapshot) find(p string) bool {
	if _, err := os.Lstat(filepath.Join(s.root, filepath.FromSlash(p))); err == nil {
		return true
	}
	if s.dirs[p] {
		return true
	}
	base := path.Base(p)
	for _, f := range s.byBase[base] {
		if f == p || strings.HasSuffix(f, "/"+p) {
			return true
		}
	}
	if !s.dirOf[base] {
		return false
	}
	for d := range s.dirs {
		if strings.HasSuffix(d, "/"+p) {
			return true
		}
	}
	return false
}

// anchored reports whether the first directory of a loose path exists, so
// that checking the rest of it means something.
func (s *Snapshot) anchored(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return s.dirs[first] || s.dirOf[first]
}

// ignored reports whether git ignores p (root .gitignore, info/exclude and
// the .gitignore files of p's directories; also when the tree is not a
// repository but has them): ignored files come and go with builds, so their
// absence says nothing.
func (s *Snapshot) ignored(p string) bool {
	s.ignoreOnce.Do(func() {
		s.ignore = readIgnore(filepath.Join(s.root, ".git", "info", "exclude"), nil)
	})
	segs := strings.Split(p, "/")
	ps := append([]gitignore.Pattern(nil), s.ignore...)
	for i := 0; i < len(segs); i++ {
		ps = append(ps, readIgnore(filepath.Join(s.root, filepath.FromSlash(path.Join(segs[:i]...)), ".gitignore"), segs[:i])...)
	}
	m := gitignore.NewMatcher(ps)
	if m.Match(segs, false) || m.Match(segs, true) {
		return true
	}
	// A bare name may be an ignored file anywhere ("*.log", ".env").
	return len(segs) == 1 && m.Match([]string{"x", p}, false)
}

// readIgnore parses one ignore file; a missing or unreadable one has no
// patterns.
func readIgnore(file string, domain []string) []gitignore.Pattern {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	for _, ln := range strings.Split(string(data), "\n") {
		ln = strings.TrimRight(ln, "\r")
		if ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(ln, domain))
	}
	return ps
}
