package history

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/pmezard/go-difflib/difflib"

	"github.com/automem/automem/internal/atomicfile"
)

// Undo reverts the newest change not yet undone: every file goes back to its
// before side (removed when it did not exist) and directories the change
// created are removed when empty. When a live file differs from the after
// side it returns a *ChangedError naming them, unless force is set; a
// forced undo keeps what it overwrote in its own entry, so Redo brings it
// back. A redo is a change like any other: Undo reverts it too.
func (r *Repo) Undo(at time.Time, force bool) (Entry, error) {
	cs, err := r.commits()
	if err != nil {
		return Entry{}, err
	}
	ci := next(cs, KindUndo)
	if ci == nil {
		return Entry{}, ErrNothingToUndo
	}
	hash := ci.c.Hash.String()
	files, overwrote, err := r.revert(at, ci, force, Change{Kind: KindUndo, Summary: "undo " + ci.m.Kind + ": " + ci.m.Summary, UndoOf: hash, Decision: r.Decision})
	if err != nil {
		return Entry{}, err
	}
	return Entry{Hash: hash, Kind: ci.m.Kind, Summary: ci.m.Summary, At: ci.at(), Files: files, Undone: true, Overwrote: overwrote, Decision: ci.m.Decision}, nil
}

// ErrNothingToRedo is returned by Redo when no undo is left to take back.
var ErrNothingToRedo = errors.New("nothing to redo")

// Redo takes back the newest undo not yet redone: every file it restored
// gets the content it had just before that undo (for a forced undo, the
// newer work it overwrote). Like Undo it refuses with a *ChangedError when
// those files changed since the undo, unless force is set, and it is
// recorded as a change of kind redo that Undo can revert. The returned
// entry is the undo it took back.
func (r *Repo) Redo(at time.Time, force bool) (Entry, error) {
	cs, err := r.commits()
	if err != nil {
		return Entry{}, err
	}
	ci := next(cs, KindRedo)
	if ci == nil {
		return Entry{}, ErrNothingToRedo
	}
	hash := ci.c.Hash.String()
	summary := strings.TrimPrefix(ci.m.Summary, KindUndo+" ")
	files, overwrote, err := r.revert(at, ci, force, Change{Kind: KindRedo, Summary: summary, RedoOf: hash, Decision: r.Decision})
	if err != nil {
		return Entry{}, err
	}
	return Entry{Hash: hash, Kind: ci.m.Kind, Summary: summary, At: ci.at(), Files: files, UndoOf: ci.m.UndoOf, Redone: true, Overwrote: overwrote, Decision: ci.m.Decision}, nil
}

// Refusal is the *ChangedError the next Undo (op KindUndo) or Redo
// (KindRedo) without force would return, nil when it would go ahead. It
// writes nothing, so a step spanning several memories' histories is
// refused as a whole before any of them changes.
func (r *Repo) Refusal(op string) error {
	cs, err := r.commits()
	if err != nil {
		return err
	}
	ci := next(cs, op)
	if ci == nil {
		return nil
	}
	_, _, changed, diffs, err := r.load(ci)
	if err != nil {
		return err
	}
	if len(changed) > 0 {
		return &ChangedError{Op: op, Files: changed, Diffs: diffs}
	}
	return nil
}

// next is the change Undo (op KindUndo) or Redo (op KindRedo) takes back
// next: the newest change not undone, or the newest undo not redone.
func next(cs []commitInfo, op string) *commitInfo {
	undone, redone := marks(cs)
	for i := range cs {
		ci := &cs[i]
		h := ci.c.Hash.String()
		isUndo := ci.m.Kind == KindUndo
		if op == KindUndo && !isUndo && !undone[h] || op == KindRedo && isUndo && !redone[h] {
			return ci
		}
	}
	return nil
}

// marks returns the changes an undo reverted and the undos a redo took
// back, by hash.
func marks(cs []commitInfo) (undone, redone map[string]bool) {
	undone, redone = map[string]bool{}, map[string]bool{}
	for _, ci := range cs {
		switch ci.m.Kind {
		case KindUndo:
			undone[ci.m.UndoOf] = true
		case KindRedo:
			redone[ci.m.RedoOf] = true
		}
	}
	return undone, redone
}

// revert puts every file of target back to its before side and records rec
// with the reverse of what it did (the live content it replaced as before,
// the restored content as after). It returns the files and those of them
// that had changed since target (overwritten because force was set).
func (r *Repo) revert(at time.Time, target *commitInfo, force bool, rec Change) (paths, changed []string, err error) {
	files, paths, changed, diffs, err := r.load(target)
	if err != nil {
		return nil, nil, err
	}
	if len(changed) > 0 && !force {
		return nil, nil, &ChangedError{Op: rec.Kind, Files: changed, Diffs: diffs}
	}
	for _, f := range files {
		cur, exists, _ := readLive(f.Path)
		rec.Files = append(rec.Files, FileChange{Path: f.Path, BeforeExists: exists, Before: cur, AfterExists: f.BeforeExists, After: f.Before, Mode: f.Mode})
		if f.BeforeExists {
			if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
				return nil, nil, fmt.Errorf("restore %s: %w", f.Path, err)
			}
			if err := atomicfile.Write(f.Path, f.Before, modeOr(f.Mode), atomicfile.ExactMode()); err != nil {
				return nil, nil, fmt.Errorf("restore %s: %w", f.Path, err)
			}
		} else if err := os.Remove(f.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("remove %s: %w", f.Path, err)
		}
	}
	dirs := append([]string(nil), target.m.Dirs...)
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		if filepath.IsAbs(d) && filepath.Clean(d) == d && (r.Allowed == nil || r.Allowed(d)) {
			removeEmptyTree(d)
		}
	}
	if _, err := r.Record(at, rec); err != nil {
		return nil, nil, err
	}
	return paths, changed, nil
}

func modeOr(m fs.FileMode) fs.FileMode {
	if m.Perm() == 0 {
		return 0o644
	}
	return m.Perm()
}

// load reads target's files, both sides, and compares each with the live
// file: changed (with a short diff each) are those that differ from the
// after side. A path outside the allowed files is an error.
func (r *Repo) load(target *commitInfo) (files []FileChange, paths, changed, diffs []string, err error) {
	files = make([]FileChange, len(target.m.Files))
	for i, f := range target.m.Files {
		if !filepath.IsAbs(f.Path) || filepath.Clean(f.Path) != f.Path || (r.Allowed != nil && !r.Allowed(f.Path)) {
			return nil, nil, nil, nil, fmt.Errorf("history entry %s names %q outside the allowed files", target.c.Hash, f.Path)
		}
		f.Before, f.After = nil, nil
		if f.BeforeExists {
			if f.Before, err = sideBytes(target.c, "before", f.Path); err != nil {
				return nil, nil, nil, nil, err
			}
		}
		if f.AfterExists {
			if f.After, err = sideBytes(target.c, "after", f.Path); err != nil {
				return nil, nil, nil, nil, err
			}
		}
		cur, exists, err := readLive(f.Path)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		if exists != f.AfterExists || !bytes.Equal(cur, f.After) {
			changed = append(changed, f.Path)
			diffs = append(diffs, shortDiff(f.Path, f.After, f.AfterExists, cur, exists))
		}
		files[i] = f
		paths = append(paths, f.Path)
	}
	return files, paths, changed, diffs, nil
}

// removeEmptyTree removes d and its subdirectories when they hold no files.
func removeEmptyTree(d string) {
	var dirs []string
	_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		_ = os.Remove(dirs[i]) // fails, as wanted, when not empty
	}
}

func sideBytes(c *object.Commit, side, path string) ([]byte, error) {
	f, err := c.File(side + "/" + encode(path))
	if err != nil {
		return nil, fmt.Errorf("history %s of %s: %w", side, path, err)
	}
	rd, err := f.Reader()
	if err != nil {
		return nil, fmt.Errorf("history %s of %s: %w", side, path, err)
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("history %s of %s: %w", side, path, err)
	}
	return data, nil
}

func readLive(path string) ([]byte, bool, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("stat %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, true, nil // differs from any recorded content
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	if data == nil {
		data = []byte{}
	}
	return data, true, nil
}

// maxDiffLines bounds the diff a refused undo shows per file.
const maxDiffLines = 12

// shortDiff is what changed in a file since a change recorded it.
func shortDiff(path string, was []byte, wasThere bool, now []byte, isThere bool) string {
	switch {
	case !isThere:
		return path + ": removed since"
	case !wasThere:
		return path + ": created since"
	}
	text, _ := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(was)), B: difflib.SplitLines(string(now)),
		FromFile: path + " (as recorded)", ToFile: path + " (now)", Context: 1,
	})
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) > maxDiffLines {
		lines = append(lines[:maxDiffLines], fmt.Sprintf("... (%d more lines)", len(lines)-maxDiffLines))
	}
	return strings.Join(lines, "\n")
}
