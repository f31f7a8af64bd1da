package intent

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// AttentionPrefix starts the reason of every rejected entry Settle creates:
// a candidate that needs a person's attention (inbox lists these apart from
// the rejected candidates, and `inbox edit` makes them pending again).
const AttentionPrefix = "needs attention: "

// Settled is what Settle did besides rebasing.
type Settled struct {
	Result
	// Moved are the rejected entries it created (patch paths): a pending
	// patch broken beyond repair, and intents that need attention.
	Moved []string
}

// Settle is Rebase for the programs (extract before its extractor, every
// inbox command): whatever cannot stay pending becomes a rejected entry
// that `inbox list` shows as needing attention, with the reason, and that
// show and discard work on. A pending patch edited beyond repair is moved
// there whole and the intents stored before the edit stay pending; each
// intent whose lines to change are gone is moved there as a patch of its
// own. Nothing is dropped and nothing blocks the other candidates.
func Settle(d memdir.Dir, kind patch.Kind, now time.Time) (Settled, error) {
	var out Settled
	res, err := Rebase(d, kind, now, Options{Release: true})
	if err != nil {
		return out, err
	}
	if res.Unparsed {
		dest, err := patch.Quarantine(d.Data, d.Rejected(), d.ExtractionPatch(kind), string(kind),
			AttentionPrefix+"the pending patch was edited and no longer parses: "+res.Broken, now)
		if err != nil {
			return out, err
		}
		out.Moved = append(out.Moved, dest)
		if res, err = Rebase(d, kind, now, Options{Keep: true, Release: true}); err != nil {
			return out, err
		}
	}
	out.Result = res
	for _, it := range res.Attention {
		dest, err := release(d, kind, it, now)
		if err != nil {
			return out, err
		}
		out.Moved = append(out.Moved, dest)
	}
	return out, nil
}

// release writes one intent as a patch of its own into the rejected
// entries, with its reason.
func release(d memdir.Dir, kind patch.Kind, it Intent, now time.Time) (string, error) {
	h := &patch.Hunk{OldStart: 1, NewStart: 1}
	for _, l := range it.Before {
		h.Lines = append(h.Lines, patch.Line{Op: patch.Context, Text: l})
	}
	for _, l := range it.Remove {
		h.Lines = append(h.Lines, patch.Line{Op: patch.Delete, Text: l})
	}
	for _, l := range it.Add {
		h.Lines = append(h.Lines, patch.Line{Op: patch.Add, Text: l})
	}
	for _, l := range it.After {
		h.Lines = append(h.Lines, patch.Line{Op: patch.Context, Text: l})
	}
	f := &patch.File{Path: it.Path, Hunks: []*patch.Hunk{h}}
	f.Recount()
	if err := os.MkdirAll(d.Own(), 0o700); err != nil {
		return "", fmt.Errorf("release pending change: %w", err)
	}
	tmp := filepath.Join(d.Own(), fmt.Sprintf("attention-%s.patch", kind))
	if err := atomicfile.Write(tmp, (&patch.Patch{Files: []*patch.File{f}}).Bytes(), 0o600); err != nil {
		return "", fmt.Errorf("release pending change: %w", err)
	}
	return patch.Quarantine(d.Data, d.Rejected(), tmp, string(kind), AttentionPrefix+it.Attention, now)
}
