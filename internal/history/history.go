// Package history keeps a per-project record of every change the inbox made
// to live files — memory applies and skill promotions — as commits in a small
// go-git repository (memdir.Dir.History), so that a person can
// see what was applied and undo the last change safely.
//
// Each commit stores the before and after bytes of every touched file under a
// tree that mirrors the absolute path (before/<path>, after/<path>) and a
// manifest.json mapping them back to absolute paths. Undo restores the
// before side only when the live files still equal the after side, unless
// forced, and is itself recorded as a commit holding what it replaced, so
// Redo can take it back (a forced undo's overwritten work included) and
// nothing a person decided or wrote is lost.
package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/automem/automem/internal/change"
)

// Kinds of change.
const (
	KindApply   = "apply"
	KindPromote = "promote"
	KindDismiss = "dismiss"
	KindRestore = "restore"
	KindDiscard = "discard"
	KindEdit    = "edit" // an entry needing attention, edited and made pending again
	KindUndo    = "undo"
	KindRedo    = "redo"
)

// FileChange is one touched file (see package change).
type FileChange = change.File

// Change is one recorded operation.
type Change struct {
	Kind    string
	Summary string
	// Files are every file the change wrote or removed: for an apply, its
	// targets and the inbox source patches it rewrote or removed, so that
	// undo restores the inbox together with the targets.
	Files []FileChange
	// Dirs are directories the change created; undo removes them when empty.
	Dirs []string
	// UndoOf is the hash of the change an undo reverted.
	UndoOf string
	// RedoOf is the hash of the undo a redo took back.
	RedoOf string
	// Decision names the decision this change is part of when one
	// decision changed several agents' memories (each its own history):
	// log, undo and redo treat the changes sharing it as one.
	Decision string
}

// Entry is a change as read back from the log.
type Entry struct {
	Hash    string    `json:"hash"`
	Kind    string    `json:"kind"`
	Summary string    `json:"summary"`
	At      time.Time `json:"at"`
	Files   []string  `json:"files"`
	UndoOf  string    `json:"undoOf,omitempty"`
	RedoOf  string    `json:"redoOf,omitempty"`
	Undone  bool      `json:"undone"`
	// Redone marks an undo that a redo took back.
	Redone bool `json:"redone,omitempty"`
	// Overwrote are the files a forced undo replaced although they had
	// changed; their content is kept in the undo's own history entry.
	Overwrote []string `json:"overwrote,omitempty"`
	// Decision is the Change's Decision, "" for a change made alone.
	Decision string `json:"decision,omitempty"`
}

// Group is the key the changes of one decision share across a project's
// histories: its Decision, else the change's own hash.
func (e Entry) Group() string {
	if e.Decision != "" {
		return e.Decision
	}
	return e.Hash
}

type manifest struct {
	// At is the change's time to the nanosecond (a git commit keeps whole
	// seconds), so the histories of a project's several agent memories
	// interleave in the order the decisions were made.
	At      time.Time    `json:"at,omitzero"`
	Kind    string       `json:"kind"`
	Summary string       `json:"summary"`
	Files   []FileChange `json:"files"`
	Dirs    []string     `json:"dirs,omitempty"`
	UndoOf  string       `json:"undoOf,omitempty"`
	RedoOf  string       `json:"redoOf,omitempty"`
	// Decision is Change.Decision.
	Decision string `json:"decision,omitempty"`
}

// Repo is the history of one project.
type Repo struct {
	dir string
	// Allowed, when set, vets every path an undo would write or remove, so a
	// tampered history cannot be used to write elsewhere.
	Allowed func(path string) bool
	// Decision, when set, is recorded on the undo or redo this Repo makes,
	// grouping it with the same step taken in the project's other
	// memories (Change.Decision).
	Decision string
}

// Open returns the history kept in the repository at dir (memdir's
// History); the repository is created on the first Record.
func Open(dir string) *Repo {
	return &Repo{dir: dir}
}

// ErrNothingToUndo is returned by Undo when every change is already undone.
var ErrNothingToUndo = errors.New("nothing to undo")

// ChangedError names the files that changed since the change being undone
// and shows what changed in each.
type ChangedError struct {
	// Op is the refused operation, KindUndo or KindRedo.
	Op    string
	Files []string
	// Diffs are short unified diffs from the recorded content to the live
	// one, parallel to Files.
	Diffs []string
}

// Error names the changed files, what changed and the way out (--force).
func (e *ChangedError) Error() string {
	var b strings.Builder
	if e.Op == KindRedo {
		b.WriteString("files changed since the undo, use --force to redo anyway: ")
	} else {
		b.WriteString("files changed since the last change, use --force to undo anyway: ")
	}
	b.WriteString(strings.Join(e.Files, ", "))
	for _, d := range e.Diffs {
		b.WriteString("\n" + strings.TrimRight(d, "\n"))
	}
	return b.String()
}

// encode maps an absolute path to a tree path that mirrors it; components
// that git would refuse (".git*") or that start with "." are escaped.
func encode(path string) string {
	parts := strings.Split(strings.TrimPrefix(filepath.ToSlash(path), "/"), "/")
	for i, p := range parts {
		if strings.HasPrefix(p, ".") || strings.HasPrefix(p, "%") {
			parts[i] = "%" + p
		}
	}
	return strings.Join(parts, "/")
}

func (r *Repo) open() (*git.Repository, error) {
	repo, err := git.PlainOpen(r.dir)
	if errors.Is(err, git.ErrRepositoryNotExists) {
		if err := os.MkdirAll(r.dir, 0o700); err != nil {
			return nil, fmt.Errorf("create history %s: %w", r.dir, err)
		}
		repo, err = git.PlainInit(r.dir, false)
	}
	if err != nil {
		return nil, fmt.Errorf("open history %s: %w", r.dir, err)
	}
	return repo, nil
}

// Check reports whether a change could be recorded now: the repository
// is absent or empty (the first Record creates it), or its newest commit
// reads back. A decision checks it before writing anything, so a damaged
// history refuses the decision instead of leaving a change undo cannot
// take back.
func (r *Repo) Check() error {
	if _, err := os.Stat(filepath.Join(r.dir, ".git")); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	repo, err := git.PlainOpen(r.dir)
	if err != nil {
		return fmt.Errorf("open history %s: %w", r.dir, err)
	}
	head, err := repo.Head()
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil
	}
	if err == nil {
		_, err = repo.CommitObject(head.Hash())
	}
	if err != nil {
		return fmt.Errorf("history %s is damaged: %w", r.dir, err)
	}
	return nil
}

// Record commits one change and returns its hash.
func (r *Repo) Record(at time.Time, c Change) (string, error) {
	repo, err := r.open()
	if err != nil {
		return "", err
	}
	wt, err := repo.Worktree()
	if err != nil {
		return "", fmt.Errorf("history worktree: %w", err)
	}
	for _, side := range []string{"before", "after"} {
		if err := os.RemoveAll(filepath.Join(r.dir, side)); err != nil {
			return "", fmt.Errorf("clear history %s: %w", side, err)
		}
	}
	for _, f := range c.Files {
		if f.BeforeExists {
			if err := writeSide(r.dir, "before", f.Path, f.Before); err != nil {
				return "", err
			}
		}
		if f.AfterExists {
			if err := writeSide(r.dir, "after", f.Path, f.After); err != nil {
				return "", err
			}
		}
	}
	m := manifest{At: at, Kind: c.Kind, Summary: c.Summary, Files: c.Files, Dirs: c.Dirs, UndoOf: c.UndoOf, RedoOf: c.RedoOf, Decision: c.Decision}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return "", fmt.Errorf("encode manifest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(r.dir, "manifest.json"), append(data, '\n'), 0o600); err != nil {
		return "", fmt.Errorf("write manifest: %w", err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		return "", fmt.Errorf("stage history: %w", err)
	}
	sig := &object.Signature{Name: "automem inbox", Email: "inbox@automem.invalid", When: at}
	h, err := wt.Commit(c.Kind+": "+c.Summary, &git.CommitOptions{Author: sig, Committer: sig, AllowEmptyCommits: true})
	if err != nil {
		return "", fmt.Errorf("commit history: %w", err)
	}
	return h.String(), nil
}

func writeSide(dir, side, path string, data []byte) error {
	p := filepath.Join(dir, side, filepath.FromSlash(encode(path)))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("history store %s: %w", path, err)
	}
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return fmt.Errorf("history store %s: %w", path, err)
	}
	return nil
}

type commitInfo struct {
	c *object.Commit
	m manifest
}

// at is when the change was recorded: the manifest's exact time, else
// (histories written before it kept one) the commit's.
func (ci commitInfo) at() time.Time {
	if !ci.m.At.IsZero() {
		return ci.m.At
	}
	return ci.c.Committer.When
}

func (r *Repo) commits() ([]commitInfo, error) {
	if _, err := os.Stat(filepath.Join(r.dir, ".git")); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	repo, err := r.open()
	if err != nil {
		return nil, err
	}
	head, err := repo.Head()
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("history head: %w", err)
	}
	iter, err := repo.Log(&git.LogOptions{From: head.Hash()})
	if err != nil {
		return nil, fmt.Errorf("history log: %w", err)
	}
	var out []commitInfo
	err = iter.ForEach(func(c *object.Commit) error {
		f, err := c.File("manifest.json")
		if err != nil {
			return fmt.Errorf("commit %s: manifest: %w", c.Hash, err)
		}
		s, err := f.Contents()
		if err != nil {
			return fmt.Errorf("commit %s: manifest: %w", c.Hash, err)
		}
		var m manifest
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			return fmt.Errorf("commit %s: manifest: %w", c.Hash, err)
		}
		out = append(out, commitInfo{c: c, m: m})
		return nil
	})
	return out, err
}

// Log lists the changes, newest first, marking those an undo reverted.
func (r *Repo) Log() ([]Entry, error) {
	cs, err := r.commits()
	if err != nil {
		return nil, err
	}
	undone, redone := marks(cs)
	out := make([]Entry, 0, len(cs))
	for _, ci := range cs {
		h := ci.c.Hash.String()
		e := Entry{Hash: h, Kind: ci.m.Kind, Summary: ci.m.Summary, At: ci.at(), UndoOf: ci.m.UndoOf, RedoOf: ci.m.RedoOf, Undone: undone[h], Redone: redone[h], Decision: ci.m.Decision}
		for _, f := range ci.m.Files {
			e.Files = append(e.Files, f.Path)
		}
		out = append(out, e)
	}
	return out, nil
}
