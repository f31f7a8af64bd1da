package patch

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/automem/automem/internal/atomicfile"
)

// CommitOptions are the hooks of Commit. The zero value is production.
type CommitOptions struct {
	// AfterRename, when set, runs after each rename with the number of
	// targets renamed so far; an error it returns aborts and rolls back.
	// Tests use it to kill the process between renames.
	AfterRename func(done int) error
	// Journal, when set, is a file Commit writes before the first rename
	// and removes after the last (callers use
	// <memoryDir>/.automem/apply.journal); Recover finishes an apply that
	// was killed in between.
	Journal string
	// Patches are the pending patch files this apply decides: once every
	// target is written each is replaced by its remainder, or removed. They
	// are in the journal too, so an apply killed after its renames is
	// finished by Recover and an applied hunk is never left pending as well.
	Patches []PatchUpdate
}

// PatchUpdate is what becomes of one pending patch file after an apply.
type PatchUpdate struct {
	Path string
	// Old is the file as the decisions were made on it: a file that no
	// longer holds these bytes (an extraction added to it since) is left
	// alone, with an error.
	Old []byte
	// Rest is what stays pending; nil removes the file.
	Rest []byte
}

// staged is one change on its way to disk.
type staged struct {
	ch      *Change
	root    *os.Root
	tmp     string   // temp name beside the target, "" once consumed
	dirs    []string // directories created for it, deepest last
	renamed bool
}

// Commit writes every change of the plan or none: each new content is staged
// in a temp file beside its target (same mode, fsynced), every pre-image is
// re-checked against its hash, then the temps are renamed into place in
// order, re-checking each target right before its rename and fsyncing its
// directory after. Any failure rolls back what was renamed (created files
// removed, old bytes restored) and removes every temp. A target replaced by
// rename keeps other hard links on the old bytes.
// The patch files of opt.Patches are updated after the last rename; if one
// cannot be, the error says so and the journal stays for Recover.
func (pl *Plan) Commit(opt CommitOptions) error {
	if err := pl.commit(opt); err != nil {
		return err
	}
	if err := updatePatches(opt.Patches); err != nil {
		if opt.Journal == "" {
			return fmt.Errorf("targets written, but %w", err)
		}
		return fmt.Errorf("targets written, but %w (the journal finishes it at the next start)", err)
	}
	return removeJournal(opt.Journal)
}

// commit writes the targets and leaves the journal on success, so Commit
// can update the patch files before removing it.
func (pl *Plan) commit(opt CommitOptions) (err error) {
	roots := map[string]*os.Root{}
	defer func() {
		for _, r := range roots {
			r.Close()
		}
	}()
	st := make([]*staged, 0, len(pl.Changes))
	defer func() {
		if err != nil {
			rollback(st)
			removeJournal(opt.Journal)
		}
	}()
	for _, ch := range pl.Changes {
		r := roots[ch.rootDir]
		if r == nil {
			if ch.Create {
				if err = os.MkdirAll(ch.rootDir, 0o700); err != nil {
					return fmt.Errorf("create directory %s: %w", ch.rootDir, err)
				}
			}
			if r, err = os.OpenRoot(ch.rootDir); err != nil {
				return fmt.Errorf("open root %s: %w", ch.rootDir, err)
			}
			roots[ch.rootDir] = r
		}
		s := &staged{ch: ch, root: r}
		st = append(st, s)
		if err = s.stage(); err != nil {
			return err
		}
	}
	for _, s := range st {
		if err = s.recheck(); err != nil {
			return err
		}
	}
	if opt.Journal != "" {
		if err = writeJournal(opt.Journal, opt.Patches, st); err != nil {
			return err
		}
	}
	for i, s := range st {
		if err = s.recheck(); err != nil {
			return err
		}
		if err = s.install(); err != nil {
			return err
		}
		if opt.AfterRename != nil {
			if err = opt.AfterRename(i + 1); err != nil {
				return fmt.Errorf("after rename %d: %w", i+1, err)
			}
		}
	}
	return nil
}

func (s *staged) stage() error {
	ch := s.ch
	dir := path.Dir(ch.rel)
	if ch.Create && dir != "." {
		if err := s.mkdirs(dir); err != nil {
			return err
		}
	}
	tmp, err := atomicfile.WriteTemp(s.root, ch.rel, ch.New, ch.Mode)
	if err != nil {
		return fmt.Errorf("stage %s: %w", ch.Path, err)
	}
	s.tmp = tmp
	return nil
}

// mkdirs creates the missing parents of a new file, remembering them so a
// rollback can remove them again.
func (s *staged) mkdirs(dir string) error {
	var missing []string
	for d := dir; d != "."; d = path.Dir(d) {
		if _, err := s.root.Lstat(d); err == nil {
			break
		}
		missing = append([]string{d}, missing...)
	}
	for _, d := range missing {
		if err := s.root.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("create directory for %s: %w", s.ch.Path, err)
		}
		s.dirs = append(s.dirs, d)
	}
	return nil
}

// recheck verifies the target is still what the dry run saw.
func (s *staged) recheck() error {
	if s.renamed {
		return nil
	}
	ch := s.ch
	data, _, exists, err := readIn(s.root, ch.rel, ch.Path)
	if err != nil {
		return err
	}
	if exists == ch.Create || sha256.Sum256(data) != ch.OldHash {
		return refuse(TargetChanged, ch.Path, "target changed since the dry run; nothing applied")
	}
	return nil
}

// install moves the temp into place: a no-clobber link for a new file, a
// rename for an existing one.
func (s *staged) install() error {
	ch := s.ch
	if ch.Create {
		err := s.root.Link(s.tmp, ch.rel)
		switch {
		case err == nil:
			s.root.Remove(s.tmp)
		case errors.Is(err, fs.ErrExist):
			return refuse(TargetChanged, ch.Path, "file appeared since the dry run; nothing applied")
		case linkUnsupported(err):
			if err := s.root.Rename(s.tmp, ch.rel); err != nil {
				return fmt.Errorf("rename into %s: %w", ch.Path, err)
			}
		default:
			return fmt.Errorf("link into %s: %w", ch.Path, err)
		}
	} else if err := s.root.Rename(s.tmp, ch.rel); err != nil {
		return fmt.Errorf("rename into %s: %w", ch.Path, err)
	}
	s.tmp = ""
	s.renamed = true
	return atomicfile.SyncDirIn(s.root, path.Dir(ch.rel))
}

// rollback undoes renamed changes in reverse order and removes temps and
// directories this commit created. It is best effort: it runs after an
// error that is already being returned.
func rollback(st []*staged) {
	for i := len(st) - 1; i >= 0; i-- {
		s := st[i]
		if s.tmp != "" {
			s.root.Remove(s.tmp)
			s.tmp = ""
		}
		if s.renamed {
			if s.ch.Create {
				s.root.Remove(s.ch.rel)
			} else if tmp, err := atomicfile.WriteTemp(s.root, s.ch.rel, s.ch.Old, s.ch.Mode); err == nil {
				if s.root.Rename(tmp, s.ch.rel) != nil {
					s.root.Remove(tmp)
				}
			}
			_ = atomicfile.SyncDirIn(s.root, path.Dir(s.ch.rel))
		}
		for j := len(s.dirs) - 1; j >= 0; j-- {
			s.root.Remove(s.dirs[j]) // fails harmlessly when not empty
		}
	}
}

// Unchanged reports whether the change leaves its file as it was.
func (c *Change) Unchanged() bool { return !c.Create && bytes.Equal(c.Old, c.New) }
