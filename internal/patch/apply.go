package patch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Apply reads the patch at patchPath, dry-runs it and commits it; the patch
// file is removed only when every file was written. On any failure nothing
// is applied and the patch stays pending. The returned plan says what changed.
func Apply(patchPath string, roots Roots, kind Kind, opt CommitOptions) (*Plan, error) {
	p, err := ReadFile(patchPath)
	if err != nil {
		return nil, err
	}
	pl, err := DryRun(p, roots, kind)
	if err != nil {
		return nil, err
	}
	opt.patch = patchPath
	if err := pl.commit(opt); err != nil {
		return nil, err
	}
	if err := finishPatch(patchPath, nil); err != nil {
		return pl, err
	}
	return pl, removeJournal(opt.Journal)
}

// ApplySelection applies only the chosen hunks and lines of the patch at
// patchPath (see Select) and leaves the remainder pending in the same file,
// or removes the file when nothing remains. The files and the patch file
// are updated in one journaled step: on any failure before the renames
// nothing changes. It returns the plan of what was applied.
func ApplySelection(patchPath string, roots Roots, kind Kind, choices []Choice, opt CommitOptions) (*Plan, error) {
	p, err := ReadFile(patchPath)
	if err != nil {
		return nil, err
	}
	sel, rest, err := Select(p, choices)
	if err != nil {
		return nil, err
	}
	if sel == nil {
		return nil, fmt.Errorf("apply selection: nothing chosen")
	}
	pl, err := DryRun(sel, roots, kind)
	if err != nil {
		return nil, err
	}
	opt.patch = patchPath
	if rest != nil {
		opt.rest = rest.Bytes()
	}
	if err := pl.commit(opt); err != nil {
		return nil, err
	}
	if err := finishPatch(patchPath, opt.rest); err != nil {
		return pl, err
	}
	return pl, removeJournal(opt.Journal)
}

// WritePatch atomically replaces the patch file at path with p, or removes
// it when p is nil or empty, so a fully decided item leaves no empty patch.
func WritePatch(path string, p *Patch) error {
	var data []byte
	if p != nil && len(p.Files) > 0 {
		data = p.Bytes()
	}
	return finishPatch(path, data)
}

// finishPatch removes an applied patch file, or replaces it with rest.
func finishPatch(path string, rest []byte) error {
	if rest == nil {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove applied patch %s: %w", path, err)
		}
		syncPath(filepath.Dir(path))
		return nil
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("open patch dir: %w", err)
	}
	defer root.Close()
	if err := writeAtomicIn(root, filepath.Base(path), rest, 0o644); err != nil {
		return fmt.Errorf("write remaining patch %s: %w", path, err)
	}
	return nil
}

// RemoveStaleTemps deletes staging temp files a killed apply left directly in
// dir (names ".<target>.<hex>.automem-tmp") and returns how many it removed.
// Callers run it on the memory dir at start-up, under the extraction lock.
func RemoveStaleTemps(dir string) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("list %s: %w", dir, err)
	}
	n := 0
	for _, e := range ents {
		name := e.Name()
		if e.Type().IsRegular() && len(name) > 1 && name[0] == '.' && filepath.Ext(name) == ".automem-tmp" {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return n, fmt.Errorf("remove stale temp %s: %w", name, err)
			}
			n++
		}
	}
	return n, nil
}
