package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/tombstone"
)

// Result sums up what a commit of decisions did.
type Result struct {
	Applied   int      // +/- lines written to targets
	Dismissed int      // +/- lines dropped
	Pending   int      // +/- lines left in the inbox
	Files     []string // targets written
	Hash      string   // history commit, "" when no target changed
}

// Decided reports whether sel decides at least one line of it.
func Decided(it *Item, sel Selection) bool {
	for _, h := range it.Hunks {
		for i, d := range sel[h.Hunk] {
			if d != Pending && h.Hunk.Lines[i].Op != ' ' {
				return true
			}
		}
	}
	return false
}

// Commit writes the decisions sel makes on a patch item: applied lines go to
// their targets and every source patch is rewritten to its remainder (or
// removed when nothing is left), all in one transaction; dismissed added
// lines become tombstones; the change is recorded in history.
func Commit(p Paths, it *Item, sel Selection, now time.Time) (Result, error) {
	var res Result
	if it.Kind == "" {
		return res, fmt.Errorf("item %s has no hunks to apply", it.ID)
	}
	type state struct {
		before     []byte
		origExists bool
		exists     bool
		lines      []string
		mode       fs.FileMode
		order      int
	}
	states := map[string]*state{}
	var order []string
	load := func(path string) (*state, error) {
		if s, ok := states[path]; ok {
			return s, nil
		}
		s := &state{mode: 0o644}
		fi, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("stat %s: %w", path, err)
		case !fi.Mode().IsRegular():
			return nil, refuse(ReasonNotRegularFile, "%s is not a regular file", path)
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("read %s: %w", path, err)
			}
			s.before, s.exists, s.origExists, s.mode = data, true, true, fi.Mode().Perm()
			s.lines = splitText(string(data))
		}
		states[path] = s
		order = append(order, path)
		return s, nil
	}
	var edits []fileEdit
	var tombs []tombstone.Tombstone
	for _, src := range it.Sources {
		applied, rem := Select(src.Patch, sel)
		for _, sec := range applied.Sections {
			if err := checkTarget(p, it.Kind, sec.Path); err != nil {
				return res, err
			}
			s, err := load(sec.Path)
			if err != nil {
				return res, err
			}
			if sec.Create && s.exists {
				return res, refuse(ReasonExists, "%s declares a new file but it exists", sec.Path)
			}
			if !sec.Create && !s.exists {
				return res, refuse(ReasonNotFound, "%s does not exist", sec.Path)
			}
			if s.lines, err = applySection(s.lines, sec); err != nil {
				return res, err
			}
			s.exists = true
		}
		raw, _ := os.ReadFile(src.Path)
		e := fileEdit{path: src.Path, before: raw, beforeExists: true, mode: 0o600}
		if len(rem.Sections) == 0 {
			e.remove = true
		} else {
			e.after = rem.Render()
		}
		edits = append(edits, e)
	}
	for _, h := range it.Hunks {
		for i, l := range h.Hunk.Lines {
			d := Pending
			if i < len(sel[h.Hunk]) {
				d = sel[h.Hunk][i]
			}
			if l.Op == ' ' {
				continue
			}
			switch d {
			case Apply:
				res.Applied++
			case Dismiss:
				res.Dismissed++
				if l.Op == '+' && strings.TrimSpace(l.Text) != "" {
					tombs = append(tombs, tombstone.Tombstone{Kind: tombstone.KindMemory, Target: h.Section.Path, Text: l.Text})
				}
			default:
				res.Pending++
			}
		}
	}
	if res.Applied == 0 && res.Dismissed == 0 {
		return res, nil
	}
	if it.Kind == KindPrivate {
		for _, path := range append([]string(nil), order...) {
			s := states[path]
			if s.origExists || !s.exists || filepath.Base(path) == "MEMORY.md" {
				continue
			}
			mem, err := load(filepath.Join(p.MemoryDir, "MEMORY.md"))
			if err != nil {
				return res, err
			}
			if !mem.exists {
				mem.lines, mem.exists = []string{"# Project Memory"}, true
			}
			if !mentions(mem.lines, path) {
				stem := strings.TrimSuffix(filepath.Base(path), ".md")
				mem.lines = append(mem.lines, fmt.Sprintf("- See %s for %s notes.", path, stem))
			}
		}
	}
	var targets []fileEdit
	for _, path := range order {
		s := states[path]
		after := []byte(joinText(s.lines))
		if !s.exists || (s.origExists && string(after) == string(s.before)) {
			continue
		}
		targets = append(targets, fileEdit{path: path, before: s.before, beforeExists: s.origExists, after: after, mode: s.mode})
		res.Files = append(res.Files, path)
	}
	all := append(targets, edits...)
	if err := commitEdits(all); err != nil {
		return res, err
	}
	if len(tombs) > 0 {
		if err := tombstone.Add(p.MemoryDir, now, tombs...); err != nil {
			return res, fmt.Errorf("record dismissed lines: %w", err)
		}
	}
	if len(targets) == 0 {
		return res, nil
	}
	var fcs []history.FileChange
	for _, e := range all {
		fcs = append(fcs, history.FileChange{Path: e.path, BeforeExists: e.beforeExists, Before: e.before, AfterExists: !e.remove, After: e.after, Mode: e.mode})
	}
	hash, err := history.Open(p.MemoryDir).Record(now, history.Change{Kind: history.KindApply, Summary: fmt.Sprintf("%s: %d lines applied to %s", it.ID, res.Applied, strings.Join(res.Files, ", ")), Files: fcs})
	res.Hash = hash
	if err != nil {
		return res, fmt.Errorf("record history: %w", err)
	}
	return res, nil
}

// mentions reports whether MEMORY.md already points at a topic file, by
// base name or absolute path.
func mentions(lines []string, path string) bool {
	for _, l := range lines {
		if strings.Contains(l, path) || strings.Contains(l, filepath.Base(path)) {
			return true
		}
	}
	return false
}
