// Package atomicfile is the one way automem replaces a file that matters
// (state, lock heartbeat, tombstones, scan cache, inbox patches, memory
// files, skill drafts, scheduler units), so that a reader, or the next run
// after a crash or power loss, sees the old content or the new one, never a
// torn mix.
//
// A replace is: a temp file beside the target (see [TempOf] for its name),
// created exclusively with the final mode, written, fsynced and closed; an
// optional [Fence] that may still veto; a rename over the target; an fsync
// of the directory so the rename itself survives a power loss. Any failure
// before the rename removes the temp and leaves the target as it was. A
// target that is hard-linked elsewhere is replaced, so its other names keep
// the old bytes; a target that is not a regular file (symlink, FIFO,
// device, directory) is refused with [ErrNotRegular], never followed.
//
// [WriteIn] works inside an [os.Root], so a write into a directory an agent
// or user controls cannot be led outside it by "..", an absolute name or a
// planted symlink; [Write] is the same write on a plain path.
//
// It does not wrap github.com/google/renameio/v2 (v2.0.2 has os.Root
// support): renameio names its temps ".<base><decimal>", which can be a
// user's own file, so orphan clean-up could not tell ours apart; it neither
// returns nor lets us choose the temp name, which patch's journal and the
// lock's link(2) need; with a root it creates the temp at the root's top
// directory rather than beside a nested target; and it does not fsync the
// directory. What would remain of it here is an O_EXCL open and a rename.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRegular is returned (wrapped) when the target exists and is not a
// regular file: replacing a planted symlink or a FIFO is never what the
// caller meant.
var ErrNotRegular = errors.New("not a regular file")

// Option changes one write.
type Option func(*options)

type options struct {
	fence func() error
	exact bool
}

// Fence runs check after the new content is durable in its temp file and
// right before the rename that publishes it; an error from check aborts the
// write (returned wrapped), removes the temp and leaves the target as it
// was. State saving uses it to stop a run that has lost its lock from
// overwriting the new holder's state.
func Fence(check func() error) Option { return func(o *options) { o.fence = check } }

// ExactMode gives the result the perm passed to the write even when the
// target exists with another mode. Writers that own a file outright (the
// scheduler's units, undo restoring a recorded mode) use it; everyone else
// keeps a mode the user chose.
func ExactMode() Option { return func(o *options) { o.exact = true } }

// Write atomically replaces path with data. A new file gets exactly perm
// (the umask does not narrow it); an existing one keeps its mode unless
// ExactMode is given. The directory must exist.
func Write(path string, data []byte, perm fs.FileMode, opts ...Option) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer root.Close()
	return WriteIn(root, base, data, perm, opts...)
}

// WriteIn is Write for name inside root: name is relative to root and may
// not leave it, through ".." or a symlink. The directory of name must exist.
func WriteIn(root *os.Root, name string, data []byte, perm fs.FileMode, opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	where := filepath.Join(root.Name(), name)
	mode, err := modeFor(root, name, perm, o.exact)
	if err != nil {
		return fmt.Errorf("write %s: %w", where, err)
	}
	tmp, err := WriteTemp(root, name, data, mode)
	if err != nil {
		return fmt.Errorf("write %s: %w", where, err)
	}
	if o.fence != nil {
		if err := o.fence(); err != nil {
			_ = root.Remove(tmp)
			return fmt.Errorf("write %s: %w", where, err)
		}
	}
	err = step("rename", tmp)
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		_ = root.Remove(tmp)
		return fmt.Errorf("write %s: %w", where, err)
	}
	// An error from here on means the new content is in place but may not
	// survive a power loss.
	return SyncDirIn(root, filepath.Dir(name))
}

// modeFor is the mode the new content gets: the existing file's, or perm
// for a new file or with exact. A target that is not a regular file is
// refused.
func modeFor(root *os.Root, name string, perm fs.FileMode, exact bool) (fs.FileMode, error) {
	fi, err := root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return perm.Perm(), nil
	case err != nil:
		return 0, err
	case !fi.Mode().IsRegular():
		return 0, ErrNotRegular
	case exact:
		return perm.Perm(), nil
	}
	return fi.Mode().Perm(), nil
}
