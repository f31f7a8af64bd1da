package inbox

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// checkTarget enforces the allowed targets of a patch kind on the raw path
// and on the canonical path (symlinks of the deepest existing ancestor
// resolved), so a symlinked parent cannot lead a write outside.
func checkTarget(p Paths, kind, path string) error {
	if filepath.Clean(path) != path || !filepath.IsAbs(path) {
		return refuse(ReasonBadHeaders, "%s is not a clean absolute path", path)
	}
	switch kind {
	case KindPrivate:
		base := filepath.Base(path)
		if filepath.Dir(path) != p.MemoryDir || !(base == "MEMORY.md" || (strings.HasSuffix(base, ".md") && !strings.HasPrefix(base, "."))) {
			return refuse(ReasonOutside, "%s is outside the private memory root", path)
		}
		if canonical(filepath.Dir(path)) != canonical(p.MemoryDir) {
			return refuse(ReasonOutside, "%s resolves outside the private memory root", path)
		}
	case KindGlobal:
		if path != p.GlobalMemory || canonical(path) != canonical(p.GlobalMemory) {
			return refuse(ReasonOutside, "%s is not the global memory file", path)
		}
	case KindSkill:
		ok := false
		for _, r := range p.SkillRoots {
			if under(r, path) && under(canonical(r), canonical(path)) {
				ok = true
				break
			}
		}
		if !ok {
			return refuse(ReasonOutside, "%s is outside the skills roots", path)
		}
	default:
		return refuse(ReasonOutside, "unknown patch kind %q", kind)
	}
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return refuse(ReasonNotRegularFile, "%s is not a regular file", path)
	}
	return nil
}

func under(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// canonical resolves symlinks on the deepest existing ancestor of p and
// appends the missing rest.
func canonical(p string) string {
	var rest []string
	cur := filepath.Clean(p)
	for {
		r, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(append([]string{r}, rest...)...)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return cur
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return filepath.Clean(p)
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
		cur = parent
	}
}
