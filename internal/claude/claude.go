// Package claude knows where Claude Code loads memory from, so that
// automem's reviewed candidates for a Claude Code project land in the files
// Claude Code reads at the start of a session: the project's auto-memory
// dir (~/.claude/projects/<key>/memory/, MEMORY.md as the index), the
// user's ~/.claude/CLAUDE.md and the repository's CLAUDE.md. Claude Code has
// no inbox of its own, so automem's data for it (inbox, lock, state,
// history) lives in automem's state dir, never in ~/.claude. It only
// locates things; reading transcripts is internal/transcript's job.
package claude

import (
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// Agent is the name automem gives Claude Code (sources, targets, IDs).
const Agent = "claude"

// IndexLines is how many lines of MEMORY.md Claude Code loads at the start
// of a session; the rest of the index is never seen, so the index stays
// short and points to topic files.
const IndexLines = 200

// Dir is Claude Code's config dir: $CLAUDE_CONFIG_DIR when set, else
// <home>/.claude.
func Dir(getenv func(string) string, home string) string {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(home, ".claude")
}

// Key is the directory name Claude Code gives a project under projects/:
// the absolute root with every character that is not an ASCII letter or
// digit replaced by '-', one for one (no runs collapsed; Claude Code, in
// JavaScript, counts UTF-16 code units, so a character outside the BMP
// gives two). The mapping is lossy, so roots are never read back from keys.
func Key(root string) string {
	var b strings.Builder
	for _, r := range filepath.Clean(root) {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
			continue
		}
		b.WriteString(strings.Repeat("-", utf16.RuneLen(r)))
	}
	return b.String()
}

// MemoryDir is the auto-memory dir of a project root.
func MemoryDir(claudeDir, root string) string {
	return filepath.Join(claudeDir, "projects", Key(root), "memory")
}

// GlobalMemory is the user's memory file, loaded in every project.
func GlobalMemory(claudeDir string) string { return filepath.Join(claudeDir, "CLAUDE.md") }

// ProjectMemory is the repository's shared instruction file, tracked by
// git and read by everyone on the team.
func ProjectMemory(root string) string { return filepath.Join(root, "CLAUDE.md") }

// SkillRoots are the user and project skill folders Claude Code loads
// (<name>/SKILL.md in each); root may be "" when unknown. internal/skills
// knows the folders.
func SkillRoots(claudeDir, root string) []string {
	return skills.Homes{Claude: claudeDir}.Roots(skills.Claude, root)
}

// Layout is where the files of a Claude Code project's memory live: data
// is automem's dir for it (in automem's state dir), the targets are the
// auto-memory dir, ~/.claude/CLAUDE.md and, when project is set (opt-in),
// <root>/CLAUDE.md.
func Layout(claudeDir, data, root string, project bool) memdir.Dir {
	d := memdir.Dir{Agent: Agent, Data: data, Targets: patch.Roots{
		MemoryDir: MemoryDir(claudeDir, root), GlobalMemory: GlobalMemory(claudeDir),
		SkillRoots: SkillRoots(claudeDir, root),
	}}
	if project && root != "" {
		d.Targets.ProjectMemory = ProjectMemory(root)
	}
	return d
}
