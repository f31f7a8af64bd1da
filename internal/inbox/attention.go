package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
)

// Reopened is what Reopen did with an edited entry.
type Reopened struct {
	Kind patch.Kind
	// Pending counts the kind's pending intents after the edit.
	Pending int
	// Still are the rejected entries (paths) that need attention again:
	// changes whose line to replace is still gone.
	Still []string
}

// ErrStillBroken is returned (wrapped) by Reopen when the edited patch
// still does not parse or names a file no memory kind may touch; the edit
// is kept in the entry, with the new reason, for another try.
var ErrStillBroken = errors.New("still needs attention")

// Reopen makes an entry that needs attention pending again from edited, the
// patch as the person left it in $EDITOR: wrong @@ counts are recounted, its
// changes are added to the pending patch of the kind whose targets it names
// (intent.Add, so they are re-anchored against the files as they are now),
// the kind is settled again, and the entry is removed. A change whose line
// to replace is still gone becomes a new entry. An edit that cannot be read
// stays in the entry with the reason, and ErrStillBroken is returned. Either
// way it is one history entry, so undo puts the entry back as it was.
func Reopen(p Paths, it *Item, edited []byte, now time.Time) (Reopened, error) {
	var out Reopened
	if it.Group != GroupAttention {
		return out, fmt.Errorf("%s does not need attention (only entries that do can be edited)", it.ID)
	}
	if err := checkHistory(p); err != nil {
		return out, err
	}
	if isSkillPatch(it) {
		return reopenSkillPatch(p, it, edited, now)
	}
	if isHeldMemoryPatch(it) {
		return out, fmt.Errorf("%s waits for its target, not for an edit: replace the symlink with a regular file (or discard it)", it.ID)
	}
	files := attentionFiles(p, it)
	pp, rp := files[0], files[1]
	parsed, _, err := intent.ParseRepair(edited)
	kind := patch.Kind("")
	if err == nil {
		err = fmt.Errorf("names no memory file")
		for _, k := range memdir.Kinds() {
			cerr := patch.Check(parsed, p.Targets, k)
			if cerr == nil {
				kind, err = k, nil
				break
			}
			if k == patch.Private {
				err = cerr
			}
		}
	}
	var fcs []history.FileChange
	record := func(summary string) error { return recordEdit(p, now, summary, fcs...) }
	if err != nil {
		// Nothing the person typed is lost: the edit replaces the entry.
		for _, w := range []struct {
			path string
			data []byte
		}{{pp, edited}, {rp, []byte(intent.AttentionPrefix + "the edited patch does not apply: " + err.Error() + "\n")}} {
			fc, werr := recordWrite(w.path, func() error { return atomicfile.Write(w.path, w.data, 0o600) })
			if werr != nil {
				return out, fmt.Errorf("keep the edit: %w", werr)
			}
			fcs = append(fcs, fc)
		}
		if rerr := record("edited " + it.ID + ": still does not apply"); rerr != nil {
			return out, rerr
		}
		return out, fmt.Errorf("%s: %w: %v (your edit is kept there; edit it again or discard it)", it.ID, ErrStillBroken, err)
	}
	out.Kind = kind
	fc, err := recordWrite(p.ExtractionPatch(kind), func() error {
		for _, f := range parsed.Files {
			if _, err := intent.Add(p.Dir, kind, f, intent.OriginHandEdit, now); err != nil {
				return err
			}
		}
		res, err := intent.Settle(p.Dir, kind, now)
		out.Pending, out.Still = res.Pending, res.Moved
		return err
	})
	if err != nil {
		return out, fmt.Errorf("make %s pending: %w", it.ID, err)
	}
	fcs = append(fcs, fc)
	for _, m := range out.Still {
		for _, f := range []string{m, strings.TrimSuffix(m, ".patch") + ".reason"} {
			if data, err := os.ReadFile(f); err == nil {
				fcs = append(fcs, history.FileChange{Path: f, AfterExists: true, After: data, Mode: 0o600})
			}
		}
	}
	for _, f := range []string{pp, rp} {
		fc, err := recordWrite(f, func() error {
			if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("remove %s: %w", f, err)
			}
			return nil
		})
		if err != nil {
			return out, err
		}
		if fc.BeforeExists {
			fcs = append(fcs, fc)
		}
	}
	summary := fmt.Sprintf("edited %s: %s pending", it.ID, plural.Of(out.Pending, "change", "changes"))
	return out, record(summary)
}
