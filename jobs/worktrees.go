package jobs

import (
	"slices"

	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/worktree"
)

// projectRoots keys the sessions of sources that record their directory
// (Claude Code, Codex) by project the way git sees it: a session recorded
// in a linked git worktree belongs to the same place in the repository's
// main worktree, so all worktrees of a repository feed one extraction and
// one inbox, and the memory goes to the main worktree's target. A root in
// a main worktree, a plain clone or outside any git repository is kept as
// recorded. Each root is looked up once per run, each directory stat'ed
// once (worktree.Mapper).
type projectRoots struct {
	keys map[string]string
	wt   worktree.Mapper
}

// of returns the project root a session recorded in root belongs to.
func (r *projectRoots) of(root string) string {
	if root == "" {
		return ""
	}
	if key, ok := r.keys[root]; ok {
		return key
	}
	if r.keys == nil {
		r.keys = map[string]string{}
	}
	key := root
	if main, ok := r.wt.Main(root); ok {
		key = main
	}
	r.keys[root] = key
	return key
}

// linkedRoots are the directories sessions of a project were recorded in
// that are not its root's: places in linked worktrees that count as the
// main worktree's project, for the report.
func linkedRoots(root string, entries []scan.Entry) []string {
	var out []string
	for _, e := range entries {
		if e.ProjectRoot != "" && e.ProjectRoot != root && !slices.Contains(out, e.ProjectRoot) {
			out = append(out, e.ProjectRoot)
		}
	}
	slices.Sort(out)
	return out
}
