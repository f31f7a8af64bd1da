// Package target decides which coding agent's memory a project's
// candidates go to and where automem keeps its own data for the agents
// that have no inbox of their own. Gemini CLI reads automem's inbox, lock
// and state in its memory dir; Claude Code and Codex do not, so their
// inbox, lock, state, evidence and history live in automem's state dir,
// one directory per project root and agent:
//
//	$XDG_STATE_HOME/automem/projects/<id>/<agent>/
//
// The project dir names its root in .project_root, so that inbox finds the
// project of a working directory without guessing from the lossy id.
package target

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/worktree"
)

// The agents whose memory automem can write, in review order.
const (
	Gemini = gemini.Agent
	Claude = claude.Agent
	Codex  = codex.Agent
)

// Agents lists every agent, in review order.
func Agents() []string { return []string{Gemini, Claude, Codex} }

// rootFile names a project dir's root.
const rootFile = ".project_root"

// ProjectsDir is where automem keeps per-project data in its state dir.
func ProjectsDir(stateDir string) string { return filepath.Join(stateDir, "projects") }

// ProjectID is the name of a root's directory in automem's state dir: a
// readable slug and a short hash of the root, so two roots with the same
// base name never share one.
func ProjectID(root string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return gemini.Slug(root) + "-" + hex.EncodeToString(sum[:6])
}

// ProjectDir is automem's directory for a root.
func ProjectDir(stateDir, root string) string {
	return filepath.Join(ProjectsDir(stateDir), ProjectID(root))
}

// Data is automem's data dir for one agent's memory of a root.
func Data(stateDir, agent, root string) string {
	return filepath.Join(ProjectDir(stateDir, root), agent)
}

// Mark records the root in its project dir (once, atomically), so that
// Find can tell which project a directory belongs to.
func Mark(stateDir, root string) error {
	dir := ProjectDir(stateDir, root)
	p := filepath.Join(dir, rootFile)
	if b, err := os.ReadFile(p); err == nil && strings.TrimSpace(string(b)) == root {
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create project dir %s: %w", dir, err)
	}
	if err := atomicfile.Write(p, []byte(root+"\n"), 0o600); err != nil {
		return fmt.Errorf("record project root %s: %w", p, err)
	}
	return nil
}

// ErrNoProject means no project of automem's state dir contains a
// directory.
var ErrNoProject = errors.New("no project in automem's state dir")

// Roots lists the roots of every project in automem's state dir.
func Roots(stateDir string) ([]string, error) {
	ents, err := os.ReadDir(ProjectsDir(stateDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list projects %s: %w", ProjectsDir(stateDir), err)
	}
	var roots []string
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(ProjectsDir(stateDir), e.Name(), rootFile))
		if err != nil {
			continue
		}
		if r := strings.TrimSpace(string(b)); filepath.IsAbs(r) {
			roots = append(roots, r)
		}
	}
	return roots, nil
}

// Find returns the deepest root in automem's state dir that contains dir
// (dir itself or, symlinks resolved, its real path; inside a linked git
// worktree, the same place in the main worktree, whose root the project
// is keyed by).
func Find(stateDir, dir string) (string, error) {
	roots, err := Roots(stateDir)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("resolve %s: %w", dir, err)
	}
	cands := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		cands = append(cands, real)
	}
	if main, ok := worktree.Main(abs); ok {
		cands = append(cands, main)
	}
	best := ""
	for _, r := range roots {
		for _, c := range cands {
			if Within(r, c) && len(r) > len(best) {
				best = r
			}
		}
	}
	if best == "" {
		return "", fmt.Errorf("%w for %s", ErrNoProject, abs)
	}
	return best, nil
}

// Within reports whether p is root or lies below it.
func Within(root, p string) bool {
	if root == "" {
		return false
	}
	rel, err := filepath.Rel(root, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// Parse reads a --targets list: agent names separated by commas, or
// "all" for every agent in review order; "" (or "own") means each
// session's own agent. Unknown names are an error naming the valid ones.
func Parse(list string) ([]string, error) {
	switch strings.TrimSpace(list) {
	case "", "own":
		return nil, nil
	case "all":
		return Agents(), nil
	}
	var out []string
	seen := map[string]bool{}
	for _, a := range strings.Split(list, ",") {
		a = strings.TrimSpace(a)
		if !slices.Contains(Agents(), a) {
			return nil, fmt.Errorf("unknown agent %q in targets (want all, own, or a list of %s)", a, strings.Join(Agents(), ","))
		}
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out, nil
}
