package intent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// guardWait bounds how long a writer waits for another automem process
// writing the same kind's pending patch; each write takes milliseconds.
const guardWait = 30 * time.Second

// Guard serialises the writers of a kind's pending patch and intents among
// automem's processes (every inbox command, every extract run): two inbox
// commands started together would otherwise each render from what they
// read and the second rename would drop the first one's decision. It is an
// flock on a sidecar of the intents store; release ends it.
func Guard(d memdir.Dir, kind patch.Kind) (release func(), err error) {
	spath := d.Intents(kind)
	if err := os.MkdirAll(filepath.Dir(spath), 0o700); err != nil {
		return nil, fmt.Errorf("pending patch guard: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), guardWait)
	defer cancel()
	release, err = lockfile.Serialize(ctx, spath)
	if err != nil {
		return nil, fmt.Errorf("pending patch guard: %w", err)
	}
	return release, nil
}

// errRaced is returned (wrapped) by a write whose inputs changed after they
// were read; update starts over from the files as they are then.
var errRaced = errors.New("changed while it was being rebased")

// snapshot is what one update read: the pending patch and the store as
// bytes, so that its writes can be fenced on both still being so.
type snapshot struct {
	path, spath  string
	patch, store []byte
	hasPatch     bool
	hasStore     bool
	// held is set when the caller holds the guard already.
	held bool
}

// same reports whether path still holds data (absent when !exists).
func same(path string, data []byte, exists bool) error {
	cur, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !exists {
			return nil
		}
	case err != nil:
		return fmt.Errorf("read %s: %w", path, err)
	case exists && bytes.Equal(cur, data):
		return nil
	}
	return fmt.Errorf("%s %w", path, errRaced)
}

// commit writes the rendered patch (when writePatch; nil data removes it)
// and then the store, under the kind's guard, each compared right before
// its rename with what was read (the patch) or just written (for the
// store), so neither another automem process nor a person's editor saving
// in between loses what it wrote: the update is redone instead.
func (s snapshot) commit(d memdir.Dir, kind patch.Kind, writePatch bool, data []byte, st store) error {
	if !s.held {
		release, err := Guard(d, kind)
		if err != nil {
			return err
		}
		defer release()
	}
	unchanged := func() error {
		if err := same(s.path, s.patch, s.hasPatch); err != nil {
			return err
		}
		return same(s.spath, s.store, s.hasStore)
	}
	if writePatch {
		if data == nil {
			if err := unchanged(); err != nil {
				return err
			}
			if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("remove pending patch %s: %w", s.path, err)
			}
			_ = atomicfile.SyncDir(filepath.Dir(s.path))
		} else {
			if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
				return fmt.Errorf("write pending patch: %w", err)
			}
			if err := atomicfile.Write(s.path, data, 0o644, atomicfile.Fence(unchanged)); err != nil {
				return fmt.Errorf("write pending patch: %w", err)
			}
		}
		s.patch, s.hasPatch = data, data != nil
	}
	return saveStore(s.spath, st, atomicfile.Fence(unchanged))
}
