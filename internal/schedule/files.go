package schedule

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
)

// writeFile puts a planned file in place atomically, so a reader (systemd
// on daemon-reload, launchd on bootstrap) never sees a torn one, with
// exactly the planned mode: re-running install converges on the plan.
func writeFile(f *File) error {
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create directory %s: %w", dir, err)
	}
	return atomicfile.Write(f.Path, f.Data, f.Mode, atomicfile.ExactMode())
}

// removeFile deletes path if it exists and makes the removal durable.
func removeFile(path string) error {
	if err := os.Remove(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("remove %s: %w", path, err)
	}
	return atomicfile.SyncDir(filepath.Dir(path))
}
