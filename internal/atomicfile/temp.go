package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// tempSuffix ends every temp name; no other tool (Gemini CLI writes
// "<base>.tmp", editors "~" or ".swp") uses it, so clean-up cannot take a
// file that is not ours.
const tempSuffix = ".automem-tmp"

// randLen is the number of random bytes in a temp name, hex encoded.
const randLen = 8

// OrphanAge is how old a temp must be before RemoveOrphans takes it: a live
// writer keeps its temp for milliseconds, so one older than this belongs to
// a writer that was killed.
const OrphanAge = time.Minute

// step runs before each durability step ("write", "sync", "rename",
// "sync-dir") of the named file. Tests set it to record the order or to
// fail a step as a full disk would; in production it does nothing.
var step = func(what, name string) error { return nil }

// WriteTemp writes data to a new temp file beside name in root with
// exactly mode, fsyncs and closes it, and returns the temp's name relative
// to root. Nothing is renamed: Write publishes with a rename, patch's
// transaction renames many temps in its own order, the lock links its temp
// without clobbering. On error no temp is left.
func WriteTemp(root *os.Root, name string, data []byte, mode fs.FileMode) (string, error) {
	var b [randLen]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+"."+hex.EncodeToString(b[:])+tempSuffix)
	// O_EXCL also refuses a symlink planted at the temp name.
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode.Perm())
	if err != nil {
		return "", createError(filepath.Join(root.Name(), filepath.Dir(name)), name, err)
	}
	err = step("write", tmp)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Chmod(mode.Perm()) // the umask must not narrow the mode
	}
	if err == nil {
		err = step("sync", tmp)
	}
	if err == nil {
		err = f.Sync() // never retried: after a failed fsync the data is unknown
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = root.Remove(tmp)
		return "", fmt.Errorf("write temp %s: %w", tmp, err)
	}
	return tmp, nil
}

// createError explains a temp file that could not be created. When the
// directory refuses new files (permissions, a read-only file system) the
// message names that directory, the thing a person can fix, and not the
// random temp name they never asked for.
func createError(dir, name string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
		return fmt.Errorf("directory %s is not writable: %w", dir, pe.Err)
	}
	return fmt.Errorf("create temp for %s: %w", name, err)
}

// TempOf reports whether name (a base name) is a temp file WriteTemp made,
// and for which target base name.
func TempOf(name string) (target string, ok bool) {
	rest, ok := strings.CutSuffix(name, tempSuffix)
	if !ok || !strings.HasPrefix(rest, ".") || len(rest) < 1+1+1+2*randLen {
		return "", false
	}
	rnd := rest[len(rest)-2*randLen:]
	if _, err := hex.DecodeString(rnd); err != nil || rest[len(rest)-2*randLen-1] != '.' {
		return "", false
	}
	return rest[1 : len(rest)-2*randLen-1], true
}

// RemoveOrphans removes the temps of path (see WriteTemp) older than
// OrphanAge at now and not held (see Hold), left by a writer that was
// killed between creating and renaming them, and returns the names it
// removed. It is best effort: a
// temp it cannot remove is left for the next run. Callers run it before
// their own write, on targets only they write (the state, the lock).
func RemoveOrphans(path string, now time.Time) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		if t, ok := TempOf(e.Name()); !ok || t != base || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < OrphanAge || held(filepath.Join(dir, e.Name())) {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}
