package skills

import "path/filepath"

// Agents whose skill folders automem knows, by the names automem gives them
// everywhere (sources, targets, inbox IDs).
const (
	Gemini = "gemini"
	Claude = "claude"
	Codex  = "codex"
)

// Scope is where a promoted skill is loaded: for this user in every
// project, or in the project's workspace (its git root) only.
type Scope string

// Promotion scopes.
const (
	User      Scope = "user"
	Workspace Scope = "workspace"
)

// Homes are the agents' own directories, each resolved as that agent
// resolves it. This file is the one place that knows which skill folders
// each agent loads:
//
//   - Gemini CLI: ~/.gemini/skills and its alias ~/.agents/skills, where
//     ~ is $GEMINI_CLI_HOME when set; <root>/.gemini/skills and
//     <root>/.agents/skills for a trusted workspace.
//   - Claude Code: $CLAUDE_CONFIG_DIR/skills (~/.claude/skills) and
//     <root>/.claude/skills.
//   - Codex: $HOME/.agents/skills, then the deprecated $CODEX_HOME/skills
//     it still loads; <root>/.agents/skills (every directory from the
//     project root down to the working directory) and <root>/.codex/skills.
type Homes struct {
	// Home is the user's home directory ($HOME).
	Home string
	// Gemini is Gemini CLI's directory (~/.gemini, or
	// $GEMINI_CLI_HOME/.gemini).
	Gemini string
	// Claude is Claude Code's ($CLAUDE_CONFIG_DIR, else ~/.claude).
	Claude string
	// Codex is Codex's ($CODEX_HOME, else ~/.codex).
	Codex string
}

// Folders lists the skill folders agent loads in scope, the folder a
// promotion writes to first; the others are checked for collisions. It is
// empty for an unknown agent, for a workspace scope without a root, and
// for an agent whose directory is not set.
func (h Homes) Folders(agent string, scope Scope, root string) []string {
	if scope == Workspace {
		if root == "" {
			return nil
		}
		switch agent {
		case Gemini:
			return []string{filepath.Join(root, ".gemini", "skills"), filepath.Join(root, ".agents", "skills")}
		case Claude:
			return []string{filepath.Join(root, ".claude", "skills")}
		case Codex:
			return []string{filepath.Join(root, ".agents", "skills"), filepath.Join(root, ".codex", "skills")}
		}
		return nil
	}
	switch {
	case agent == Gemini && h.Gemini != "":
		return []string{filepath.Join(h.Gemini, "skills"), filepath.Join(filepath.Dir(h.Gemini), ".agents", "skills")}
	case agent == Claude && h.Claude != "":
		return []string{filepath.Join(h.Claude, "skills")}
	case agent == Codex:
		var out []string
		if h.Home != "" {
			out = append(out, filepath.Join(h.Home, ".agents", "skills"))
		}
		if h.Codex != "" {
			out = append(out, filepath.Join(h.Codex, "skills"))
		}
		return out
	}
	return nil
}

// Roots lists every skill folder agent loads for a project rooted at root
// ("" when unknown), user folders first: the folders existing skills are
// read from and skill update patches may target.
func (h Homes) Roots(agent, root string) []string {
	return append(h.Folders(agent, User, ""), h.Folders(agent, Workspace, root)...)
}

// Destinations picks the folders a promotion for several agents copies a
// draft into: one folder per agent, shared where agents load the same one
// (Codex's .agents/skills serves Gemini CLI too), so no agent sees the
// same skill twice. A single agent gets its first folder, as a promotion
// for that agent alone always has.
func (h Homes) Destinations(agents []string, scope Scope, root string) []string {
	var out []string
	covered := func(folders []string) bool {
		for _, f := range folders {
			for _, d := range out {
				if d == f {
					return true
				}
			}
		}
		return false
	}
	// Codex first: its first folder is one Gemini CLI also loads.
	ordered := append([]string(nil), agents...)
	for i, a := range ordered {
		if a == Codex && i > 0 {
			copy(ordered[1:i+1], ordered[:i])
			ordered[0] = Codex
			break
		}
	}
	for _, a := range ordered {
		fs := h.Folders(a, scope, root)
		if len(fs) == 0 || covered(fs) {
			continue
		}
		out = append(out, fs[0])
	}
	return out
}
