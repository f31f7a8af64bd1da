package inbox

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/patch"
)

// acrossKinds refuses a decision that would lose a line upkeep takes out
// of the global file, whose archive.md copy is in the private patch (a
// separate item): the removal is applied only after its copy, and the copy
// dismissed only after the removal. Within one patch patch.Moves ties them.
func acrossKinds(p Paths, it *Item, sel Selection) error {
	other := patch.Private
	switch it.Kind {
	case patch.Private:
		other = patch.Global
	case patch.Global:
	default:
		return nil
	}
	data, err := os.ReadFile(p.ExtractionPatch(other))
	if err != nil {
		return nil // no pending patch of the other kind: nothing to tie
	}
	op, err := patch.Parse(data)
	if err != nil {
		return nil // an unreadable patch is shown for attention, not tied
	}
	for _, h := range it.Hunks {
		for i, l := range h.Hunk.Lines {
			if i >= len(sel[h.Hunk]) {
				break
			}
			switch d := sel[h.Hunk][i]; {
			case d == Apply && l.Op == patch.Delete && patch.CopyIn(op, h.Section.Path, l.Text):
				return fmt.Errorf("%s: apply the archive.md copy of %q in the %s item first, or the line is lost", h.Section.Path, strings.TrimSpace(l.Text), other)
			case d == Dismiss && l.Op == patch.Add && strings.EqualFold(filepath.Base(h.Section.Path), "archive.md"):
				if from, ok := patch.RemovalIn(op, l.Text); ok {
					return fmt.Errorf("%s: dismiss the removal it keeps from %s in the %s item first, or the line is lost", h.Section.Path, from, other)
				}
			}
		}
	}
	return nil
}
