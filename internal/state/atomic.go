package state

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/automem/automem/internal/atomicfile"
)

// Failpoint stages passed to the crash-test hook.
const (
	stageBeforeRename = "before-rename"
	stageAfterRename  = "after-rename"
)

// tempPrefix names our temp files; Gemini's own temp is "<base>.tmp", which
// we never touch.
func tempPrefix(path string) string { return filepath.Base(path) + ".automem-" }

// writeAtomic replaces path with data: temp file in the same directory
// (0600, O_EXCL, no symlink follow), write, fsync, close, fence, rename,
// fsync the directory. On any error before the rename the target is
// untouched and the temp is removed.
func writeAtomic(path string, data []byte, fence func() error, failpoint func(string)) error {
	dir := filepath.Dir(path)
	var rb [8]byte
	if _, err := rand.Read(rb[:]); err != nil {
		return fmt.Errorf("temp name for %s: %w", path, err)
	}
	tmp := filepath.Join(dir, tempPrefix(path)+hex.EncodeToString(rb[:])+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return fmt.Errorf("create temp for %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", tmp, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sync %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp, err)
	}
	if fence != nil {
		if err := fence(); err != nil {
			return fmt.Errorf("write state %s: %w", path, err)
		}
	}
	if failpoint != nil {
		failpoint(stageBeforeRename)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("rename %s over %s: %w", tmp, path, err)
	}
	done = true
	if failpoint != nil {
		failpoint(stageAfterRename)
	}
	return atomicfile.SyncDir(dir)
}

// cleanOrphans removes our temp files left by a killed writer. Only the
// lock holder writes the state, so anything older than a minute is dead.
func cleanOrphans(path string, now time.Time) {
	dir := filepath.Dir(path)
	prefix := tempPrefix(path)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, prefix) || !strings.HasSuffix(n, ".tmp") || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > time.Minute {
			os.Remove(filepath.Join(dir, n))
		}
	}
}
