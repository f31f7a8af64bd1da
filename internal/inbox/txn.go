package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
)

// fileEdit is one file the transaction writes or removes, with what it held
// before so a failure can put it back.
type fileEdit struct {
	path         string
	before       []byte
	beforeExists bool
	after        []byte
	remove       bool
	mode         fs.FileMode
}

// commitEdits stages every new content as a temp file beside its target,
// then renames them in order; when a step fails the files already replaced
// are restored, so the set is written all or nothing.
func commitEdits(edits []fileEdit) error {
	tmps := make([]string, len(edits))
	cleanup := func() {
		for _, t := range tmps {
			if t != "" {
				os.Remove(t)
			}
		}
	}
	for i, e := range edits {
		if e.remove {
			continue
		}
		dir := filepath.Dir(e.path)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			cleanup()
			return fmt.Errorf("create %s: %w", dir, err)
		}
		f, err := os.CreateTemp(dir, "."+filepath.Base(e.path)+".*.automem-tmp")
		if err != nil {
			cleanup()
			return fmt.Errorf("stage %s: %w", e.path, err)
		}
		tmps[i] = f.Name()
		_, werr := f.Write(e.after)
		if werr == nil {
			werr = f.Chmod(e.mode.Perm())
		}
		if werr == nil {
			werr = f.Sync()
		}
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			cleanup()
			return fmt.Errorf("stage %s: %w", e.path, werr)
		}
	}
	for i, e := range edits {
		var err error
		if e.remove {
			err = os.Remove(e.path)
			if errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
		} else {
			err = os.Rename(tmps[i], e.path)
			if err == nil {
				tmps[i] = ""
				_ = atomicfile.SyncDir(filepath.Dir(e.path))
			}
		}
		if err != nil {
			rollback(edits[:i])
			cleanup()
			return fmt.Errorf("write %s (nothing changed): %w", e.path, err)
		}
	}
	return nil
}

func rollback(done []fileEdit) {
	for i := len(done) - 1; i >= 0; i-- {
		e := done[i]
		if e.beforeExists {
			_ = atomicfile.Write(e.path, e.before, e.mode.Perm())
		} else {
			_ = os.Remove(e.path)
		}
	}
}
