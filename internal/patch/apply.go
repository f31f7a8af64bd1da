package patch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

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
