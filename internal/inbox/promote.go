package inbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// Promotion scopes.
const (
	ScopeUser      = "user"
	ScopeWorkspace = "workspace"
)

// ScopeRoots returns the skill folders of a scope: the one promotion writes
// to first, then its alias Gemini also loads (.agents/skills).
func (p Paths) ScopeRoots(scope string) ([]string, error) {
	switch scope {
	case ScopeUser:
		home := filepath.Dir(filepath.Dir(p.UserSkills))
		return []string{p.UserSkills, filepath.Join(home, ".agents", "skills")}, nil
	case ScopeWorkspace:
		if p.WorkspaceRoot == "" {
			return nil, errors.New("no workspace root: the project has no git root to hold .gemini/skills")
		}
		return []string{filepath.Join(p.WorkspaceRoot, ".gemini", "skills"), filepath.Join(p.WorkspaceRoot, ".agents", "skills")}, nil
	}
	return nil, fmt.Errorf("unknown scope %q (want user or workspace)", scope)
}

// PromoteResult is a done promotion; Warning names a same-named skill in the
// other scope, which Gemini CLI would load with a precedence warning.
type PromoteResult struct {
	Dest    string
	Warning string
	Hash    string
}

// Promote moves a skill draft into the user or workspace skills after the
// checks of internal/skills, refusing a collision in any root of the
// destination scope, and records it in history so undo can put it back.
func Promote(p Paths, it *Item, scope string, allowExec bool, now time.Time) (PromoteResult, error) {
	var res PromoteResult
	if it.Group != GroupNewSkill {
		return res, fmt.Errorf("%s is not a skill draft", it.ID)
	}
	d, err := skills.Load(it.SkillDir)
	if err != nil {
		return res, err
	}
	roots, err := p.ScopeRoots(scope)
	if err != nil {
		return res, err
	}
	folder := filepath.Base(it.SkillDir)
	for _, r := range roots[1:] {
		if c, err := skills.Collision(r, folder, d.Name); err != nil {
			return res, err
		} else if c != "" {
			return res, fmt.Errorf("a skill named %q already exists in %s skills: %s", d.Name, scope, c)
		}
	}
	other := ScopeWorkspace
	if scope == ScopeWorkspace {
		other = ScopeUser
	}
	if oroots, err := p.ScopeRoots(other); err == nil {
		for _, r := range oroots {
			if c, _ := skills.Collision(r, folder, d.Name); c != "" {
				res.Warning = fmt.Sprintf("a skill named %q also exists in %s skills: %s", d.Name, other, c)
			}
		}
	}
	pr, err := skills.Promote(d, roots[0], allowExec)
	if err != nil {
		if strings.Contains(err.Error(), "already exists") {
			return res, fmt.Errorf("%w (in %s skills)", err, scope)
		}
		return res, err
	}
	res.Dest = pr.Dest
	hash, err := history.Open(p.History()).Record(now, history.Change{
		Kind:    history.KindPromote,
		Summary: fmt.Sprintf("%s to %s (%s)", it.ID, scope, pr.Dest),
		Files:   pr.Changes,
		Dirs:    []string{pr.Dest},
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
//   - the global memory file;
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
	if p.Data != "" && under(p.Data, path) || p.Targets.MemoryDir != "" && under(p.Targets.MemoryDir, path) {
		return p.allowedInMemory(path)
	}
	roots := append([]string{p.UserSkills}, p.Targets.SkillRoots...)
	for _, s := range []string{ScopeUser, ScopeWorkspace} {
		if rs, err := p.ScopeRoots(s); err == nil {
			roots = append(roots, rs...)
		}
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
