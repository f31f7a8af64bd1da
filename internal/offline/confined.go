package offline

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// writeUnder atomically replaces memoryDir/rel with data, through an os.Root
// opened on the memory dir: a symlinked skills/ or .inbox/ directory cannot
// lead the write anywhere else. The data goes to a temp file beside the
// target, is fsynced, renamed over it, and the directory is fsynced.
func writeUnder(memoryDir, rel string, data []byte) error {
	root, err := os.OpenRoot(memoryDir)
	if err != nil {
		return fmt.Errorf("open memory dir %s: %w", memoryDir, err)
	}
	defer func() { _ = root.Close() }()
	dir := filepath.Dir(rel)
	if err := root.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Join(memoryDir, dir), err)
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	tmp := filepath.Join(dir, "."+filepath.Base(rel)+"."+hex.EncodeToString(rnd[:])+".tmp")
	f, err := root.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("create temp for %s: %w", rel, err)
	}
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if werr != nil || serr != nil || cerr != nil {
		_ = root.Remove(tmp)
		return fmt.Errorf("write %s: %w", rel, firstErr(werr, serr, cerr))
	}
	if err := root.Rename(tmp, rel); err != nil {
		_ = root.Remove(tmp)
		return fmt.Errorf("rename into %s: %w", rel, err)
	}
	d, err := root.Open(dir)
	if err != nil {
		return fmt.Errorf("open %s for sync: %w", dir, err)
	}
	defer func() { _ = d.Close() }()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
