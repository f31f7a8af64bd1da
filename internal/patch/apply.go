package patch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
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
		_ = atomicfile.SyncDir(filepath.Dir(path))
		return nil
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("open patch dir: %w", err)
	}
	defer root.Close()
	if err := atomicfile.WriteIn(root, filepath.Base(path), rest, 0o644); err != nil {
		return fmt.Errorf("write remaining patch %s: %w", path, err)
	}
	return nil
}
