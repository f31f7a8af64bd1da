// Package codex knows where Codex loads instructions from, so that
// automem's reviewed candidates for a Codex project land in the AGENTS.md
// chain Codex builds at start: $CODEX_HOME/AGENTS.md for the user and
// <root>/AGENTS.md for the repository. Codex has no private per-project
// memory file; its own $CODEX_HOME/memories/ is written by Codex's memory
// pipeline and is never a target here. automem's data for Codex (inbox,
// lock, state, history) lives in automem's state dir.
package codex

import (
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// Agent is the name automem gives Codex (sources, targets, IDs).
const Agent = "codex"

// MaxBytes is project_doc_max_bytes' default: Codex stops concatenating
// the AGENTS.md chain (root first) once it holds this many bytes, so what
// lies past it is never read.
const MaxBytes = 32 << 10

// Home is Codex's home dir: $CODEX_HOME when set, else <home>/.codex.
func Home(getenv func(string) string, home string) string {
	if h := getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(home, ".codex")
}

// instructions is the file Codex reads in dir: AGENTS.override.md when it
// is non-empty (it hides AGENTS.md), else AGENTS.md. Writing AGENTS.md
// beside a non-empty override would change a file Codex never reads.
func instructions(dir string) string {
	override := filepath.Join(dir, "AGENTS.override.md")
	if fi, err := os.Lstat(override); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
		return override
	}
	return filepath.Join(dir, "AGENTS.md")
}

// GlobalMemory is the user's instruction file, loaded in every project.
func GlobalMemory(codexHome string) string { return instructions(codexHome) }

// ProjectMemory is the repository's instruction file at its root, tracked
// by git and read by everyone on the team: the place for Codex project
// facts, since Codex has no private one.
func ProjectMemory(root string) string { return instructions(root) }

// Layout is where the files of a Codex project's memory live: data is
// automem's dir for it (in automem's state dir), the targets are
// $CODEX_HOME/AGENTS.md and <root>/AGENTS.md; there is no private memory.
// Its skill folders are the ones homes lists for Codex (internal/skills is
// the one place that knows them: ~/.agents/skills, $CODEX_HOME/skills,
// <root>/.agents/skills, <root>/.codex/skills); homes.Codex is Codex's home.
func Layout(homes skills.Homes, data, root string) memdir.Dir {
	d := memdir.Dir{Agent: Agent, Data: data, Targets: patch.Roots{
		GlobalMemory: GlobalMemory(homes.Codex), SkillRoots: homes.Roots(skills.Codex, root),
	}}
	if root != "" {
		d.Targets.ProjectMemory = ProjectMemory(root)
	}
	return d
}
