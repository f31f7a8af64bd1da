package patch

import (
	"bytes"
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
	Entries []journalEntry `json:"entries"`
	// Patches are updated once every target is new.
	Patches []journalPatch `json:"patches,omitempty"`
	// Patch and Rest are one patch update as journals before Patches
	// recorded it, still read.
	Patch string  `json:"patch,omitempty"`
	Rest  *string `json:"rest,omitempty"`
}

// journalPatch is a PatchUpdate on disk.
type journalPatch struct {
	Path string  `json:"path"`
	Old  string  `json:"old,omitempty"`  // sha256 hex of the file the decisions were made on
	Rest *string `json:"rest,omitempty"` // absent: the file is removed
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

func writeJournal(path string, patches []PatchUpdate, st []*staged) error {
	j := journal{Version: 1}
	for _, u := range patches {
		jp := journalPatch{Path: u.Path}
		if u.Old != nil {
			jp.Old = hashHex(u.Old)
		}
		if u.Rest != nil {
			r := string(u.Rest)
			jp.Rest = &r
		}
		j.Patches = append(j.Patches, jp)
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

// Recover finishes an apply that was killed between or after its renames,
// from the journal Commit wrote (CommitOptions.Journal). Every target still
// holding its pre-image gets its staged temp renamed in, so the apply ends
// whole; then (when all targets are new) each patch file it decided is
// replaced by its remainder or removed, unless it changed since; the
// journal and the temps are removed. Targets or patch files changed by
// someone else since are left alone and named in Stuck, with an error. A
// missing journal means nothing to do. Run it before anything else touches
// the files.
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
		j.Patches = append(j.Patches, journalPatch{Path: j.Patch, Rest: j.Rest})
	}
	var updates []PatchUpdate
	for _, jp := range j.Patches {
		u := PatchUpdate{Path: jp.Path}
		if jp.Rest != nil {
			u.Rest = []byte(*jp.Rest)
		}
		cur, err := os.ReadFile(jp.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist) && jp.Rest == nil:
			continue // removed already
		case err == nil && jp.Rest != nil && string(cur) == *jp.Rest:
			continue // updated already
		case err == nil && jp.Old != "" && hashHex(cur) != jp.Old:
			rep.Stuck = append(rep.Stuck, jp.Path)
			continue // changed since: the extraction's hunks stay
		}
		updates = append(updates, u)
	}
	if err := updatePatches(updates); err != nil {
		return rep, err
	}
	if len(rep.Stuck) > 0 {
		removeJournal(journalPath)
		return rep, fmt.Errorf("recover apply: %s changed since the interrupted apply; its applied hunks may be offered again", strings.Join(rep.Stuck, ", "))
	}
	return rep, removeJournal(journalPath)
}

// updatePatches replaces or removes the patch files an apply decided.
func updatePatches(updates []PatchUpdate) error {
	for _, u := range updates {
		if u.Old != nil {
			cur, err := os.ReadFile(u.Path)
			if err == nil && !bytes.Equal(cur, u.Old) {
				return fmt.Errorf("patch %s changed since it was reviewed; it was left as it is", u.Path)
			}
		}
		if err := finishPatch(u.Path, u.Rest); err != nil {
			return err
		}
	}
	return nil
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
