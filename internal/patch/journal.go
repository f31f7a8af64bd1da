package patch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/atomicfile"
)

// journal records an apply in progress so a crash between renames can be
// finished (or at least reported) by Recover on the next run.
type journal struct {
	Version int            `json:"version"`
	Patch   string         `json:"patch,omitempty"` // removed once every target is new
	Rest    *string        `json:"rest,omitempty"`  // or replaced by this remainder
	Entries []journalEntry `json:"entries"`
}

type journalEntry struct {
	Path   string `json:"path"`
	Root   string `json:"root"`
	Rel    string `json:"rel"`
	Tmp    string `json:"tmp"`
	Create bool   `json:"create"`
	Old    string `json:"old"` // sha256 hex of the pre-image
	New    string `json:"new"` // sha256 hex of the staged content
}

func writeJournal(path, patchPath string, rest []byte, st []*staged) error {
	j := journal{Version: 1, Patch: patchPath}
	if rest != nil {
		r := string(rest)
		j.Rest = &r
	}
	for _, s := range st {
		newSum := sha256.Sum256(s.ch.New)
		j.Entries = append(j.Entries, journalEntry{
			Path: s.ch.Path, Root: s.ch.rootDir, Rel: s.ch.rel, Tmp: s.tmp, Create: s.ch.Create,
			Old: hex.EncodeToString(s.ch.OldHash[:]), New: hex.EncodeToString(newSum[:]),
		})
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create journal dir: %w", err)
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("open journal dir: %w", err)
	}
	defer root.Close()
	if err := atomicfile.WriteIn(root, filepath.Base(path), data, 0o600); err != nil {
		return fmt.Errorf("write journal %s: %w", path, err)
	}
	return nil
}

func removeJournal(path string) error {
	if path == "" {
		return nil
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove journal %s: %w", path, err)
	}
	_ = atomicfile.SyncDir(filepath.Dir(path))
	return nil
}

// RecoverReport says what Recover found.
type RecoverReport struct {
	Completed   int      // targets Recover renamed into place
	AlreadyDone int      // targets that were new already
	Stuck       []string // targets that could not be finished (changed since, or temp lost)
}

// Recover finishes an apply that was killed between renames, from the
// journal Commit wrote (CommitOptions.Journal). Every target still holding
// its pre-image gets its staged temp renamed in, so the patch ends wholly
// applied; the journal, the temps and (when all targets are new) the patch
// file are removed. Targets changed by someone else since are left alone and
// named in Stuck, with an error. A missing journal means nothing to do. Run
// it under the extraction lock before anything else touches the files.
func Recover(journalPath string) (RecoverReport, error) {
	var rep RecoverReport
	data, err := os.ReadFile(journalPath)
	if errors.Is(err, fs.ErrNotExist) {
		return rep, nil
	}
	if err != nil {
		return rep, fmt.Errorf("read journal %s: %w", journalPath, err)
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil || j.Version != 1 {
		removeJournal(journalPath)
		return rep, fmt.Errorf("journal %s unreadable, removed: %v", journalPath, err)
	}
	for _, e := range j.Entries {
		switch done, err := recoverEntry(e); {
		case err != nil:
			rep.Stuck = append(rep.Stuck, e.Path)
		case done:
			rep.Completed++
		default:
			rep.AlreadyDone++
		}
	}
	if len(rep.Stuck) > 0 {
		removeJournal(journalPath)
		return rep, fmt.Errorf("recover apply: could not finish %s; the patch stays pending", strings.Join(rep.Stuck, ", "))
	}
	if j.Patch != "" {
		var rest []byte
		if j.Rest != nil {
			rest = []byte(*j.Rest)
		}
		if err := finishPatch(j.Patch, rest); err != nil {
			return rep, err
		}
	}
	return rep, removeJournal(journalPath)
}

// recoverEntry brings one target to its new content; done says whether it
// had to rename.
func recoverEntry(e journalEntry) (done bool, err error) {
	root, err := os.OpenRoot(e.Root)
	if err != nil {
		return false, err
	}
	defer root.Close()
	defer root.Remove(e.Tmp)
	cur, _, exists, err := readIn(root, e.Rel, e.Path)
	if err != nil {
		return false, err
	}
	if exists && hashHex(cur) == e.New {
		return false, nil
	}
	if exists == e.Create || (exists && hashHex(cur) != e.Old) {
		return false, refuse(TargetChanged, e.Path, "changed since the interrupted apply")
	}
	stagedData, _, ok, err := readIn(root, e.Tmp, e.Path)
	if err != nil || !ok || hashHex(stagedData) != e.New {
		return false, refuse(TargetChanged, e.Path, "staged content lost")
	}
	ch := &Change{Path: e.Path, Create: e.Create, rel: e.Rel}
	s := &staged{ch: ch, root: root, tmp: e.Tmp}
	if err := s.install(); err != nil {
		return false, err
	}
	return true, nil
}

func hashHex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
