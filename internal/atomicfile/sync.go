package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// SyncDir fsyncs a directory so that a rename, link or removal inside it
// survives a power loss. A file system that cannot sync a directory is not
// an error.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("open dir %s: %w", dir, err)
	}
	return syncClose(d, dir)
}

// SyncDirIn is SyncDir for dir inside root.
func SyncDirIn(root *os.Root, dir string) error {
	d, err := root.Open(dir)
	if err != nil {
		return fmt.Errorf("open dir %s: %w", filepath.Join(root.Name(), dir), err)
	}
	return syncClose(d, filepath.Join(root.Name(), dir))
}

func syncClose(d *os.File, name string) error {
	defer d.Close()
	err := step("sync-dir", name)
	if err == nil {
		err = d.Sync()
	}
	if err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return fmt.Errorf("sync dir %s: %w", name, err)
	}
	return nil
}
