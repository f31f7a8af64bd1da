package inbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
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
	hash, err := history.Open(p.MemoryDir).Record(now, history.Change{
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
//   - an inbox source patch: <memoryDir>/.inbox/{private,global}/*.patch and
//     <memoryDir>/skills/<name>.patch;
//   - a file of a skill draft, <memoryDir>/skills/<dir>/..., which undoing a
//     promotion puts back;
//   - a file under a skills root of either scope (skill patch targets and
//     promoted skills).
//
// Nothing else is admitted, in particular nothing under <memoryDir>/.automem
// (history, tombstones, quarantine) or any other file of the memory dir.
func (p Paths) Allowed(path string) bool {
	if path == "" || !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return false
	}
	if p.GlobalMemory != "" && path == p.GlobalMemory {
		return true
	}
	if p.MemoryDir != "" && under(p.MemoryDir, path) {
		return p.allowedInMemory(path)
	}
	roots := append([]string{p.UserSkills}, p.SkillRoots...)
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

// allowedInMemory is Allowed for a path strictly below the memory dir.
func (p Paths) allowedInMemory(path string) bool {
	rel, _ := filepath.Rel(p.MemoryDir, path)
	parts := strings.Split(filepath.ToSlash(rel), "/")
	visible := func(name string) bool { return name != "" && !strings.HasPrefix(name, ".") }
	switch {
	case len(parts) == 1: // private memory target
		return visible(parts[0]) && filepath.Ext(parts[0]) == ".md" && len(parts[0]) > len(".md")
	case len(parts) == 3 && parts[0] == ".inbox" && (parts[1] == KindPrivate || parts[1] == KindGlobal):
		return isPatchName(parts[2])
	case len(parts) == 2 && parts[0] == "skills": // skill update patch
		return visible(parts[1]) && isPatchName(parts[1])
	case len(parts) >= 3 && parts[0] == "skills": // skill draft file
		return visible(parts[1])
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
