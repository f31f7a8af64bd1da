package intent

import (
	"strings"

	"github.com/automem/automem/internal/patch"
)

// contextLines is how much context an intent keeps on each side.
const contextLines = 3

// derive cuts a file section into intents: one per group of adjacent
// change lines of each hunk, with the context lines around the group.
func derive(f *patch.File, origin, created string) []Intent {
	if f.Create {
		it := Intent{Path: f.Path, Create: true, AtEOF: true, Origin: origin, Created: created}
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				if l.Op != patch.Delete {
					it.Add = append(it.Add, l.Text)
				}
			}
		}
		return []Intent{it}
	}
	var out []Intent
	for _, h := range f.Hunks {
		span, ok := h.Span()
		if !ok {
			continue
		}
		for _, part := range h.Split(span) {
			it := Intent{Path: f.Path, Origin: origin, Created: created}
			for i := part.From - 1; i >= 0 && h.Lines[i].Op == patch.Context && len(it.Before) < contextLines; i-- {
				it.Before = append([]string{h.Lines[i].Text}, it.Before...)
			}
			for i := part.To; i < len(h.Lines) && h.Lines[i].Op == patch.Context && len(it.After) < contextLines; i++ {
				it.After = append(it.After, h.Lines[i].Text)
			}
			it.AtEOF = part.To == len(h.Lines)
			for _, l := range h.Lines[part.From:part.To] {
				switch l.Op {
				case patch.Delete:
					it.Remove = append(it.Remove, l.Text)
				case patch.Add:
					it.Add = append(it.Add, l.Text)
				}
			}
			for i := part.From - 1; i >= 0 && it.Heading == ""; i-- {
				if l := h.Lines[i]; l.Op != patch.Add && isHeading(l.Text) {
					it.Heading = strings.TrimSpace(l.Text)
				}
			}
			if it.Heading == "" && isHeading(h.Section) {
				it.Heading = strings.TrimSpace(h.Section)
			}
			out = append(out, it)
		}
	}
	return out
}

// isHeading reports whether a line is a markdown ATX heading.
func isHeading(s string) bool {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "#") {
		return false
	}
	marks := strings.Fields(t)[0]
	return strings.Trim(marks, "#") == "" && len(marks) <= 6
}

// level is a heading's level (the number of #).
func level(s string) int { return len(strings.Fields(strings.TrimSpace(s))[0]) }

// headingAbove is the nearest heading above line pos ("" for none).
func headingAbove(lines []string, pos int) string {
	for i := min(pos, len(lines)) - 1; i >= 0; i-- {
		if isHeading(lines[i]) {
			return strings.TrimSpace(lines[i])
		}
	}
	return ""
}
