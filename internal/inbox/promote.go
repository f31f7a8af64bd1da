package inbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// Promotion scopes.
const (
	ScopeUser      = string(skills.User)
	ScopeWorkspace = string(skills.Workspace)
)

// Destination is where a promotion goes: the skill folders of Agents in
// Scope.
type Destination struct {
	// Agents are the agents to promote for; nil means the draft's own
	// (metadata.agents), else the inbox's (Paths.SkillAgents).
	Agents []string
	Scope  skills.Scope
}

// ParseDestination reads a --to value: "user" or "workspace", optionally
// after the agents it is for and a colon ("claude:user",
// "gemini,codex:workspace").
func ParseDestination(s string) (Destination, error) {
	agents, scope, qualified := strings.Cut(s, ":")
	if !qualified {
		agents, scope = "", s
	}
	var d Destination
	switch skills.Scope(scope) {
	case skills.User, skills.Workspace:
		d.Scope = skills.Scope(scope)
	default:
		return d, fmt.Errorf("unknown scope %q: want one of %s (agents may be combined: claude,codex:workspace)", scope, strings.Join(DestinationChoices(), ", "))
	}
	if qualified {
		for _, a := range strings.Split(agents, ",") {
			a = strings.TrimSpace(a)
			if a != skills.Gemini && a != skills.Claude && a != skills.Codex {
				return d, fmt.Errorf("unknown agent %q in %q (want gemini, claude or codex)", a, s)
			}
			if !slices.Contains(d.Agents, a) {
				d.Agents = append(d.Agents, a)
			}
		}
	}
	return d, nil
}

// DestinationChoices lists the --to values, for help and errors.
func DestinationChoices() []string {
	out := []string{ScopeUser, ScopeWorkspace}
	for _, a := range []string{skills.Gemini, skills.Claude, skills.Codex} {
		out = append(out, a+":"+ScopeUser, a+":"+ScopeWorkspace)
	}
	return out
}

// agentsFor resolves the agents a promotion is for.
func (p Paths) agentsFor(d *skills.Draft, to Destination) []string {
	switch {
	case len(to.Agents) > 0:
		return to.Agents
	case len(d.Agents) > 0:
		return d.Agents
	case len(p.SkillAgents) > 0:
		return p.SkillAgents
	}
	return []string{skills.Gemini}
}

// ScopeRoots returns every skill folder the agents load in a scope, for
// collision checks.
func (p Paths) ScopeRoots(agents []string, scope skills.Scope) ([]string, error) {
	if scope == skills.Workspace && p.WorkspaceRoot == "" {
		return nil, errors.New("no workspace root: the project has no git root to hold its skills")
	}
	var out []string
	for _, a := range agents {
		for _, f := range p.Homes.Folders(a, scope, p.WorkspaceRoot) {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no %s skill folder known for %s", scope, strings.Join(agents, ", "))
	}
	return out, nil
}

// PromoteResult is a done promotion; Warning names a same-named skill in the
// other scope, which the agent would load with a precedence warning.
type PromoteResult struct {
	// Dest names the promoted folders (", " between several).
	Dest    string
	Dests   []string
	Agents  []string
	Warning string
	Hash    string
}

// Promote moves a skill draft into the skill folders of the agents it is
// for (Destination) after the checks of internal/skills, refusing a
// collision in any folder those agents load in the scope, and records it in
// history so undo can put it back. to is a --to value (ParseDestination).
func Promote(p Paths, it *Item, to string, allowExec bool, now time.Time) (PromoteResult, error) {
	var res PromoteResult
	if it.Group != GroupNewSkill {
		return res, fmt.Errorf("%s is not a skill draft", it.ID)
	}
	if err := checkHistory(p); err != nil {
		return res, err
	}
	dest, err := ParseDestination(to)
	if err != nil {
		return res, err
	}
	d, err := skills.Load(it.SkillDir)
	if err != nil {
		return res, err
	}
	res.Agents = p.agentsFor(d, dest)
	roots, err := p.ScopeRoots(res.Agents, dest.Scope)
	if err != nil {
		return res, err
	}
	folder := filepath.Base(it.SkillDir)
	for _, r := range roots {
		if c, err := skills.Collision(r, folder, d.Name); err != nil {
			return res, err
		} else if c != "" {
			return res, fmt.Errorf("a skill named %q already exists in %s skills: %s", d.Name, dest.Scope, c)
		}
	}
	other := skills.Workspace
	if dest.Scope == skills.Workspace {
		other = skills.User
	}
	if oroots, err := p.ScopeRoots(res.Agents, other); err == nil {
		for _, r := range oroots {
			if c, _ := skills.Collision(r, folder, d.Name); c != "" {
				res.Warning = fmt.Sprintf("a skill named %q also exists in %s skills: %s", d.Name, other, c)
			}
		}
	}
	pr, err := skills.Promote(d, p.Homes.Destinations(res.Agents, dest.Scope, p.WorkspaceRoot), allowExec)
	if err != nil {
		if strings.Contains(err.Error(), "already exists") {
			return res, fmt.Errorf("%w (in %s skills)", err, dest.Scope)
		}
		return res, err
	}
	res.Dests = pr.Dests
	res.Dest = strings.Join(pr.Dests, ", ")
	hash, err := history.Open(p.History()).Record(now, history.Change{
		Kind:    history.KindPromote,
		Summary: fmt.Sprintf("%s to %s for %s (%s)", it.ID, dest.Scope, strings.Join(res.Agents, ", "), res.Dest),
		Files:   pr.Changes,
		Dirs:    pr.Dests,
	})
	if err != nil {
		return res, fmt.Errorf("record history: %w", err)
	}
	res.Hash = hash
	return res, nil
}

// Allowed reports whether path is a file an inbox change may have written,
// so history undo may restore or remove it:
//
//   - a private memory file: a non-hidden *.md directly in the memory dir;
//   - the global memory file, and the repository's shared instruction
//     file (<root>/AGENTS.md) when the memory has one;
//   - an inbox source patch: *.patch in the inbox of a memory kind, and
//     <name>.patch in the skills inbox;
//   - a file of a skill draft, <skills inbox>/<dir>/..., which undoing a
//     promotion puts back;
//   - a file under a skills root of either scope (skill patch targets and
//     promoted skills);
//   - the tombstones file, which a dismissal changes;
//   - a rejected candidate's .patch and .reason, which a discard removes.
//
// Nothing else is admitted, in particular none of automem's other files
// (history, quarantine) or any other file of the memory dir.
func (p Paths) Allowed(path string) bool {
	if path == "" || !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false
	}
	if p.Targets.GlobalMemory != "" && path == p.Targets.GlobalMemory {
		return true
	}
	if p.Targets.ProjectMemory != "" && path == p.Targets.ProjectMemory {
		return true
	}
	if p.Data != "" && under(p.Data, path) || p.Targets.MemoryDir != "" && under(p.Targets.MemoryDir, path) {
		return p.allowedInMemory(path)
	}
	roots := append([]string(nil), p.Targets.SkillRoots...)
	for _, a := range []string{skills.Gemini, skills.Claude, skills.Codex} {
		roots = append(roots, p.Homes.Roots(a, p.WorkspaceRoot)...)
	}
	for _, r := range roots {
		if r != "" && under(r, path) {
			return true
		}
	}
	return false
}

// allowedInMemory is Allowed for a path strictly below the memory dir or
// automem's data dir.
func (p Paths) allowedInMemory(path string) bool {
	base := filepath.Base(path)
	visible := func(name string) bool { return name != "" && !strings.HasPrefix(name, ".") }
	if path == p.Tombstones() { // a dismissal's undo takes its tombstones back
		return true
	}
	if filepath.Dir(path) == p.Rejected() { // a discarded rejected candidate
		return strings.HasSuffix(base, ".patch") || strings.HasSuffix(base, ".reason")
	}
	if kind, ok := p.PatchKind(path); ok { // inbox source or skill update patch
		return kind != patch.Skill || visible(base)
	}
	if name, ok := p.Draft(path); ok { // skill draft file
		return visible(name)
	}
	if filepath.Dir(path) == p.Targets.MemoryDir { // private memory target
		return visible(base) && filepath.Ext(base) == ".md" && len(base) > len(".md")
	}
	return false
}

// isPatchName is the name rule patchFiles and skillEntries list patches by.
func isPatchName(name string) bool {
	return strings.HasSuffix(name, ".patch")
}

func under(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
