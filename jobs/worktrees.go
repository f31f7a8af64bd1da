package jobs

import "github.com/automem/automem/internal/worktree"

// projectRoots keys the sessions of sources that record their directory
// (Claude Code, Codex) by project the way git sees it: a session recorded
// in a linked git worktree belongs to the same place in the repository's
// main worktree, so all worktrees of a repository feed one extraction and
// one inbox, and the memory goes to the main worktree's target. A root in
// a main worktree, a plain clone or outside any git repository is kept as
// recorded. Each root is looked up once per run.
type projectRoots map[string]string

// of returns the project root a session recorded in root belongs to.
func (r projectRoots) of(root string) string {
	if root == "" {
		return ""
	}
	if key, ok := r[root]; ok {
		return key
	}
	key := root
	if main, ok := worktree.Main(root); ok {
		key = main
	}
	r[root] = key
	return key
}
