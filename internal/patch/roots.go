package patch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Roots is the allowed-target configuration the caller fills in; the engine
// never guesses home or project directories itself.
type Roots struct {
	// MemoryDir is the project memory dir (~/.gemini/tmp/<id>/memory).
	MemoryDir string
	// GlobalMemory is the absolute path of the agent's user memory file
	// (~/.gemini/GEMINI.md, ~/.claude/CLAUDE.md, $CODEX_HOME/AGENTS.md).
	GlobalMemory string
	// ProjectMemory is the absolute path of the repository's shared
	// instruction file (<root>/AGENTS.md for Codex), "" when project
	// patches are not allowed.
	ProjectMemory string
	// SkillRoots are the directories skill patches may touch:
	// ~/.gemini/skills, ~/.agents/skills, <workspace>/.gemini/skills,
	// <workspace>/.agents/skills.
	SkillRoots []string
	// CaseInsensitive compares names case-insensitively (macOS, Windows).
	CaseInsensitive bool
}

// target is a checked target: the allowed directory to open with os.Root and
// the name below it.
type target struct {
	path    string // absolute, as in the patch
	rootDir string
	rel     string // slash-separated, local
	// newDir: a memory file may be created before its directory exists
	// (an agent's memory dir it has not made yet); skill roots must exist.
	newDir bool
}

// Check verifies that every section of p names a target the kind allows, on
// the raw path and on the canonical path, and that an existing target is a
// regular file. It reads no content; DryRun does that and more.
func Check(p *Patch, roots Roots, kind Kind) error {
	for _, f := range p.Files {
		if _, err := roots.resolve(kind, f.Path, f.Create); err != nil {
			return err
		}
	}
	return nil
}

// resolve checks path for kind. Before the canonical check, an existing
// entry at path is refused as newFileAlreadyExists when creating (Gemini's
// lstat rule) and as notRegularFile when it is anything but a regular file,
// so a symlinked target is refused wherever it points.
func (r Roots) resolve(kind Kind, path string, creating bool) (target, *Error) {
	if err := checkLexical(path); err != nil {
		return target{}, err
	}
	out := func(format string, args ...any) (target, *Error) {
		return target{}, refuse(OutsideAllowedRoots, path, format, args...)
	}
	t, err := r.resolveKind(kind, path, out)
	if err != nil {
		return t, err
	}
	if fi, lerr := os.Lstat(path); lerr == nil {
		if creating {
			return target{}, refuse(NewFileAlreadyExists, path, "declares a new file but the file exists")
		}
		if !fi.Mode().IsRegular() {
			return target{}, refuse(NotRegularFile, path, "target is %s", describeMode(fi.Mode()))
		}
	}
	return r.resolveCanonical(kind, t, out)
}

// resolveKind applies the raw-path rules of each kind.
func (r Roots) resolveKind(kind Kind, path string, out func(string, ...any) (target, *Error)) (target, *Error) {
	switch kind {
	case Private:
		if r.MemoryDir == "" {
			return out("no memory dir configured")
		}
		dir, base := filepath.Dir(path), filepath.Base(path)
		if !r.sameAny(dir, r.MemoryDir) || !r.privateName(base) {
			return out("outside the private memory root: only MEMORY.md or a *.md directly in the memory dir")
		}
		return target{path: path, rootDir: r.MemoryDir, rel: base, newDir: true}, nil
	case Global:
		if r.GlobalMemory == "" || !r.sameAny(path, r.GlobalMemory) {
			return out("outside the global memory root: only %s", r.GlobalMemory)
		}
		return target{path: path, rootDir: filepath.Dir(r.GlobalMemory), rel: filepath.Base(r.GlobalMemory), newDir: true}, nil
	case Project:
		if r.ProjectMemory == "" || !r.sameAny(path, r.ProjectMemory) {
			return out("outside the project memory root: only %s", r.ProjectMemory)
		}
		return target{path: path, rootDir: filepath.Dir(r.ProjectMemory), rel: filepath.Base(r.ProjectMemory)}, nil
	case Skill:
		for _, root := range r.SkillRoots {
			for _, spelling := range spellings(root) {
				rel, ok := r.under(spelling, path)
				if ok && !hasDotComponent(rel) {
					return target{path: path, rootDir: filepath.Clean(root), rel: rel}, nil
				}
			}
		}
		return out("outside the skills roots")
	}
	return out("unknown kind %q", kind)
}

// resolveCanonical checks the canonical path (symlinks resolved on the
// deepest existing ancestor, the target itself included) against the
// canonical form of the allowed set.
func (r Roots) resolveCanonical(kind Kind, t target, out func(string, ...any) (target, *Error)) (target, *Error) {
	cpath, err := canonical(t.path)
	if err != nil {
		return out("cannot resolve canonical path: %v", err)
	}
	switch kind {
	case Private:
		cmem, err := canonical(r.MemoryDir)
		if err != nil || !r.same(filepath.Dir(cpath), cmem) || !r.privateName(filepath.Base(cpath)) {
			return out("canonical path leaves the private memory root")
		}
	case Global:
		cg, err := canonical(r.GlobalMemory)
		if err != nil || !r.same(cpath, cg) {
			return out("canonical path leaves the global memory root")
		}
	case Project:
		cp, err := canonical(r.ProjectMemory)
		if err != nil || !r.same(cpath, cp) {
			return out("canonical path leaves the project memory root")
		}
	case Skill:
		croot, err := canonical(t.rootDir)
		if err != nil {
			return out("cannot resolve skills root %s", t.rootDir)
		}
		if rel, ok := r.under(croot, cpath); !ok || hasDotComponent(rel) {
			return out("canonical path leaves the skills root %s", t.rootDir)
		}
	}
	return t, nil
}

// spellings are the names an allowed path may be written as in a patch: as
// configured and in canonical form (for example /tmp and /private/tmp on
// macOS), the same set Gemini accepts.
func spellings(p string) []string {
	out := []string{filepath.Clean(p)}
	if c, err := canonical(p); err == nil && c != out[0] {
		out = append(out, c)
	}
	return out
}

// sameAny reports whether p is one of the spellings of allowed.
func (r Roots) sameAny(p, allowed string) bool {
	for _, s := range spellings(allowed) {
		if r.same(p, s) {
			return true
		}
	}
	return false
}

func (r Roots) same(a, b string) bool {
	if r.CaseInsensitive {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// privateName allows MEMORY.md and any non-hidden *.md.
func (r Roots) privateName(base string) bool {
	if strings.HasPrefix(base, ".") {
		return false
	}
	ext := filepath.Ext(base)
	return len(base) > len(ext) && r.same(ext, ".md")
}

// under returns p relative to root when p lies strictly below it.
func (r Roots) under(root, p string) (string, bool) {
	if len(p) <= len(root)+1 || p[len(root)] != '/' || !r.same(p[:len(root)], root) {
		return "", false
	}
	rel := p[len(root)+1:]
	return rel, filepath.IsLocal(rel)
}

func hasDotComponent(rel string) bool {
	for _, c := range strings.Split(rel, "/") {
		if strings.HasPrefix(c, ".") {
			return true
		}
	}
	return false
}

// canonical resolves symlinks on the deepest existing ancestor of p and
// appends the missing segments, as Gemini does, so a symlinked parent cannot
// smuggle a target out of its root.
func canonical(p string) (string, error) {
	cur := filepath.Clean(p)
	var rest []string
	for {
		_, err := os.Lstat(cur)
		if err == nil {
			real, err := filepath.EvalSymlinks(cur)
			if err != nil {
				return "", err
			}
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !isNotDir(err) {
			return "", err
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return filepath.Clean(p), nil
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
		cur = parent
	}
}
