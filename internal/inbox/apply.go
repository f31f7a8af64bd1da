package inbox

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/tombstone"
)

// Result sums up what a commit of decisions did.
type Result struct {
	Applied   int      // +/- lines written to targets
	Dismissed int      // +/- lines dropped
	Pending   int      // +/- lines left in the inbox
	Files     []string // targets written
	Hash      string   // history commit, "" when nothing was decided
}

// Decided reports whether sel decides at least one line of it.
func Decided(it *Item, sel Selection) bool {
	for _, h := range it.Hunks {
		for i, d := range sel[h.Hunk] {
			if d != Pending && h.Hunk.Lines[i].Op != patch.Context {
				return true
			}
		}
	}
	return false
}

// ChangedError is returned when a patch file changed between loading and
// committing; nothing is written and the item should be reviewed again.
type ChangedError struct{ Path string }

// Error says which patch changed and what to do.
func (e *ChangedError) Error() string {
	return fmt.Sprintf("%s changed while it was being reviewed (an extraction ran?); nothing was written, review it again", e.Path)
}

// Commit writes the decisions sel makes on a patch item. The applied lines
// of every source patch are gathered into one patch (sources in lexical
// order, as Gemini applies them) that the patch engine dry-runs and commits
// all or nothing; every source with a decided line is rewritten to its
// remainder, or removed when nothing is left, in the same journaled step
// (patch.Recover finishes an apply killed half-way). Dismissed added lines become
// tombstones. The change is recorded in history as one commit holding the
// targets and the source patches it rewrote or removed, before and after,
// so that undo puts the targets and the inbox back together.
func Commit(p Paths, it *Item, sel Selection, now time.Time) (Result, error) {
	return CommitAs(p, it, sel, now, "")
}

// CommitAs is Commit recording the change as part of decision
// (history.Change.Decision): the same decision carried to another agent's
// memory, so that undo and redo take it back with the first.
func CommitAs(p Paths, it *Item, sel Selection, now time.Time, decision string) (Result, error) {
	var res Result
	if it.Kind == "" {
		return res, fmt.Errorf("item %s has no hunks to apply", it.ID)
	}
	sel, err := settle(it, sel)
	if err != nil {
		return res, err
	}
	if err := acrossKinds(p, it, sel); err != nil {
		return res, err
	}
	res.count(it, sel)
	if res.Applied == 0 && res.Dismissed == 0 {
		return res, nil
	}
	if err := checkHistory(p); err != nil {
		return res, err
	}
	if it.Kind != patch.Skill {
		// Another inbox command or an extract run rebasing this kind's
		// pending patch waits until the decisions are written, and then
		// renders from them.
		release, err := intent.Guard(p.Dir, it.Kind)
		if err != nil {
			return res, err
		}
		defer release()
	}
	combined := &patch.Patch{}
	type rest struct {
		path   string
		before []byte
		mode   fs.FileMode
		after  *patch.Patch
	}
	var rests []rest
	var updates []patch.PatchUpdate // parallel to rests
	for _, src := range it.Sources {
		before, err := os.ReadFile(src.Path)
		if err != nil {
			return res, fmt.Errorf("read patch %s: %w", src.Path, err)
		}
		if src.Raw != nil && !bytes.Equal(before, src.Raw) {
			return res, &ChangedError{Path: src.Path}
		}
		if !sourceDecided(src, sel) {
			continue // left byte for byte as it is, and not recorded
		}
		mode := fs.FileMode(0o644)
		if fi, err := os.Stat(src.Path); err == nil {
			mode = fi.Mode().Perm()
		}
		applied, rem, err := patch.Select(src.Patch, sel)
		if err != nil {
			return res, fmt.Errorf("%s: %w", src.Path, err)
		}
		combined.Files = append(combined.Files, applied.Files...)
		if len(rem.Files) == 0 {
			rem = nil
		}
		rests = append(rests, rest{path: src.Path, before: before, mode: mode, after: rem})
		update := patch.PatchUpdate{Path: src.Path, Old: before}
		if rem != nil {
			update.Rest = rem.Bytes()
		}
		updates = append(updates, update)
	}
	var plan *patch.Plan
	if len(combined.Files) > 0 {
		var err error
		if plan, err = patch.DryRun(combined, p.Targets, it.Kind); err != nil {
			return res, err
		}
		if err := os.MkdirAll(filepath.Dir(p.Journal()), 0o700); err != nil {
			return res, fmt.Errorf("create %s: %w", filepath.Dir(p.Journal()), err)
		}
		// The source patches are updated in the same journaled step as the
		// targets: an apply killed half-way is finished by patch.Recover,
		// never left both applied and pending.
		if err := plan.Commit(patch.CommitOptions{Journal: p.Journal(), Patches: updates}); err != nil {
			return res, err
		}
	} else {
		for _, r := range rests { // only dismissals: no target changes
			if err := patch.WritePatch(r.path, r.after); err != nil {
				return res, fmt.Errorf("update %s: %w", r.path, err)
			}
		}
	}
	var fcs []history.FileChange
	if plan != nil {
		for _, c := range plan.Changes {
			if c.Unchanged() {
				continue
			}
			res.Files = append(res.Files, c.Path)
			fcs = append(fcs, history.FileChange{Path: c.Path, BeforeExists: !c.Create, Before: c.Old, AfterExists: true, After: c.New, Mode: c.Mode})
		}
	}
	for i, r := range rests {
		// The source patch goes into the same history commit as the
		// targets, so undo puts the inbox back as it was with them.
		fc := history.FileChange{Path: r.path, BeforeExists: true, Before: r.before, Mode: r.mode}
		if r.after != nil {
			fc.AfterExists, fc.After = true, updates[i].Rest
		}
		fcs = append(fcs, fc)
	}
	if tombs := dismissed(it, sel); len(tombs) > 0 {
		fc, err := recordWrite(p.Tombstones(), func() error { return tombstone.Add(p.Tombstones(), now, tombs...) })
		if err != nil {
			return res, fmt.Errorf("record dismissed lines: %w", err)
		}
		fcs = append(fcs, fc)
	}
	// Every decision is history, a dismissal too: undo makes its lines
	// pending again and takes its tombstones back.
	c := history.Change{Kind: history.KindApply, Files: fcs, Decision: decision,
		Summary: fmt.Sprintf("%s: %s applied to %s", it.ID, plural.Of(res.Applied, "line", "lines"), strings.Join(res.Files, ", "))}
	switch {
	case len(res.Files) == 0:
		c.Kind, c.Summary = history.KindDismiss, fmt.Sprintf("%s: %s dismissed", it.ID, plural.Of(res.Dismissed, "line", "lines"))
	case res.Dismissed > 0: // one review of an item can do both; undo takes both back
		c.Summary += fmt.Sprintf("; %s dismissed", plural.Of(res.Dismissed, "line", "lines"))
	}
	hash, err := history.Open(p.History()).Record(now, c)
	if err != nil {
		return res, fmt.Errorf("record history: %w", err)
	}
	res.Hash = hash
	return res, nil
}

// checkHistory refuses a decision before it writes anything when its
// history entry could not be recorded: a change undo cannot take back, or
// a discarded draft kept nowhere, must not happen.
func checkHistory(p Paths) error {
	if err := history.Open(p.History()).Check(); err != nil {
		return fmt.Errorf("%w; nothing was changed (move the history aside to start a new one)", err)
	}
	return nil
}

// settle decides the MEMORY.md pointer lines of each source with the new
// files they point at (patch.Pointers), so the counts, the tombstones and
// the cut all see the same decisions; and each line upkeep takes out of
// memory with its archive.md or topic-file copy (patch.Moves), so no split
// decision loses it.
func settle(it *Item, sel Selection) (Selection, error) {
	for _, src := range it.Sources {
		var err error
		if sel, err = patch.Moves(src.Patch, sel); err != nil {
			return nil, err
		}
		sel = patch.Pointers(src.Patch, sel)
	}
	return sel, nil
}

// sourceDecided reports whether sel decides a change line of src; other
// sources of the item are neither rewritten nor recorded.
func sourceDecided(src *Source, sel Selection) bool {
	for _, sec := range src.Patch.Files {
		for _, h := range sec.Hunks {
			for i, d := range sel[h] {
				if d != Pending && i < len(h.Lines) && h.Lines[i].Op != patch.Context {
					return true
				}
			}
		}
	}
	return false
}

func (res *Result) count(it *Item, sel Selection) {
	for _, h := range it.Hunks {
		for i, l := range h.Hunk.Lines {
			if l.Op == patch.Context {
				continue
			}
			d := Pending
			if i < len(sel[h.Hunk]) {
				d = sel[h.Hunk][i]
			}
			switch d {
			case Apply:
				res.Applied++
			case Dismiss:
				res.Dismissed++
			default:
				res.Pending++
			}
		}
	}
}

// dismissed lists the tombstones of the dismissed lines: an added line is
// not proposed again, a line whose removal was dismissed is kept (memory
// upkeep proposes that change again only for a new reason).
func dismissed(it *Item, sel Selection) []tombstone.Tombstone {
	var out []tombstone.Tombstone
	for _, h := range it.Hunks {
		for i, l := range h.Hunk.Lines {
			if l.Op == patch.Context || i >= len(sel[h.Hunk]) || sel[h.Hunk][i] != Dismiss || strings.TrimSpace(l.Text) == "" {
				continue
			}
			kind := tombstone.KindMemory
			if l.Op == patch.Delete {
				kind = tombstone.KindKeep
			}
			out = append(out, tombstone.Tombstone{Kind: kind, Target: h.Section.Path, Text: l.Text})
		}
	}
	return out
}
