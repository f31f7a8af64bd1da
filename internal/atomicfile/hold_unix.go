//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// Hold marks the temp at path as in use for as long as its writer keeps
// it, which may be far longer than OrphanAge (a search index built over
// minutes): RemoveOrphans leaves a held temp alone whatever its age. The
// mark is an flock on the file, dropped by release or when the process
// dies. Call release only after closing every other descriptor of the
// file this process has: closing any descriptor of a file drops the
// process's fcntl locks on it (SQLite's, for one).
func Hold(path string) (release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("hold %s: %w", path, err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("hold %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}

// held tells whether another writer holds the temp at path (see Hold).
func held(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	return errors.Is(err, unix.EWOULDBLOCK)
}

// Lock serialises read-change-write updates of the file at path across
// processes: an atomic write alone keeps the file whole, but two updates
// that read the same old content would each drop the other's change. It
// blocks on an flock of the sidecar path+".lock" (the file itself is
// replaced by every write, so a lock on it would not be seen by the next
// reader) until release.
func Lock(path string) (release func(), err error) {
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}
