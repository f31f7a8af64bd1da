package inbox

// This file is the inbox's only contact with internal/patch for the patch
// model: the inbox reviews and selects on the engine's own types, so what it
// writes back is exactly what the engine parses, dry-runs and commits.

import (
	"github.com/automem/automem/internal/patch"
)

// The patch model, shared with internal/patch.
type (
	// Patch is a parsed patch: its sections (Files) in order.
	Patch = patch.Patch
	// Section is one ---/+++ section of a patch.
	Section = patch.File
	// Hunk is one @@ block.
	Hunk = patch.Hunk
	// Line is one hunk line.
	Line = patch.Line
)

// DevNull is the old-side name of a section that creates its target.
const DevNull = patch.DevNull

// ParsePatch parses a strict unified diff with the engine's rules.
func ParsePatch(data []byte) (*Patch, error) { return patch.Parse(data) }

// oldPos is the 0-based index of the first line the old side covers.
func oldPos(h *Hunk) int {
	if h.OldLines == 0 {
		return h.OldStart
	}
	return h.OldStart - 1
}

// hasChanges reports whether the hunk adds or removes anything.
func hasChanges(h *Hunk) bool {
	for _, l := range h.Lines {
		if l.Op != patch.Context {
			return true
		}
	}
	return false
}

// recount sets counts and starts from the lines, given the 0-based old
// position and the running new-side delta of the hunks before it.
func recount(h *Hunk, pos, delta int) {
	h.OldLines, h.NewLines = 0, 0
	for _, l := range h.Lines {
		if l.Op != patch.Add {
			h.OldLines++
		}
		if l.Op != patch.Delete {
			h.NewLines++
		}
	}
	h.OldStart = pos + 1
	if h.OldLines == 0 {
		h.OldStart = pos
	}
	newPos := pos + delta
	h.NewStart = newPos + 1
	if h.NewLines == 0 {
		h.NewStart = newPos
	}
}

// trimContext keeps at most n context lines at each edge of h and returns
// how many leading lines it dropped.
func trimContext(h *Hunk, n int) int {
	lead := 0
	for lead < len(h.Lines) && h.Lines[lead].Op == patch.Context {
		lead++
	}
	trail := 0
	for trail < len(h.Lines)-lead && h.Lines[len(h.Lines)-1-trail].Op == patch.Context {
		trail++
	}
	// A trailing context line that marks a missing final newline must stay.
	if trail > 0 && h.Lines[len(h.Lines)-1].NoEOL {
		return trimLead(h, lead, n)
	}
	drop := max(lead-n, 0)
	end := len(h.Lines) - max(trail-n, 0)
	h.Lines = h.Lines[drop:end]
	return drop
}

func trimLead(h *Hunk, lead, n int) int {
	drop := max(lead-n, 0)
	h.Lines = h.Lines[drop:]
	return drop
}
