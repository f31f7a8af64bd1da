package patch

import (
	"fmt"
	"strings"
)

// Bytes serialises the patch in the form Gemini's inbox accepts: absolute
// names without a/ b/ prefixes, /dev/null for creations, @@ counts always
// written, no-newline markers kept.
func (p *Patch) Bytes() []byte {
	var b strings.Builder
	for _, f := range p.Files {
		writeFile(&b, f)
	}
	return []byte(b.String())
}

func writeFile(b *strings.Builder, f *File) {
	old := f.Path
	if f.Create {
		old = DevNull
	}
	fmt.Fprintf(b, "--- %s\n+++ %s\n", old, f.Path)
	for _, h := range f.Hunks {
		b.WriteString(FormatHunk(h))
	}
}

// HunkHeader renders the @@ line of h from its fields.
func HunkHeader(h *Hunk) string {
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@%s", h.OldStart, h.OldLines, h.NewStart, h.NewLines, h.Section)
}

// FormatHunk renders h (header and lines) as patch text; the inbox's edit
// key writes this to a temp file for $EDITOR.
func FormatHunk(h *Hunk) string {
	var b strings.Builder
	b.WriteString(HunkHeader(h))
	b.WriteByte('\n')
	for _, l := range h.Lines {
		b.WriteByte(byte(l.Op))
		b.WriteString(l.Text)
		b.WriteByte('\n')
		if l.NoEOL {
			b.WriteString("\\ No newline at end of file\n")
		}
	}
	return b.String()
}

// Recount recomputes every hunk's line counts from its lines and each new
// start from its old start and the hunks before it, so a patch stays exact
// after lines were selected, dropped or edited. Old starts are kept.
func (f *File) Recount() {
	delta := 0
	for _, h := range f.Hunks {
		h.OldLines, h.NewLines = 0, 0
		for _, l := range h.Lines {
			if l.Op != Add {
				h.OldLines++
			}
			if l.Op != Delete {
				h.NewLines++
			}
		}
		if f.Create {
			h.OldStart = 0
		} else if h.OldLines > 0 && h.OldStart == 0 {
			h.OldStart = 1
		}
		pos := h.oldPos() + delta
		h.NewStart = pos
		if h.NewLines > 0 {
			h.NewStart = pos + 1
		}
		delta += h.NewLines - h.OldLines
	}
}

// setOldPos sets OldStart from a 0-based position, honouring the empty-side
// convention (the start names the line before).
func (h *Hunk) setOldPos(pos int) {
	if h.OldLines == 0 {
		h.OldStart = pos
	} else {
		h.OldStart = pos + 1
	}
}

// ParseEditedHunk reads a hunk a person edited (the inbox's e key): lines
// starting with # are comments, an @@ line is ignored and recomputed, an
// empty line is empty context. The result keeps orig's position and has
// exact counts; the caller dry-runs the patch to see whether it applies.
func ParseEditedHunk(orig *Hunk, text string) (*Hunk, error) {
	h := &Hunk{OldStart: orig.OldStart, Section: orig.Section}
	text = strings.TrimSuffix(text, "\n")
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "#"), strings.HasPrefix(l, "@@"):
			continue
		case l == "":
			h.Lines = append(h.Lines, Line{Op: Context})
		case l[0] == ' ' || l[0] == '+' || l[0] == '-':
			h.Lines = append(h.Lines, Line{Op: Op(l[0]), Text: l[1:]})
		case l[0] == '\\':
			if len(h.Lines) == 0 {
				return nil, &Error{Reason: Malformed, Line: i + 1, Detail: "misplaced no-newline marker"}
			}
			h.Lines[len(h.Lines)-1].NoEOL = true
		default:
			return nil, &Error{Reason: Malformed, Line: i + 1, Detail: "line does not start with space, + or -"}
		}
	}
	if err := checkEOLOrder(h); err != nil {
		return nil, err
	}
	oldLines := 0
	for _, l := range h.Lines {
		if l.Op != Add {
			oldLines++
		}
	}
	if (oldLines == 0) != (orig.OldLines == 0) {
		// keep the same file position when one side becomes empty
		pos := orig.oldPos()
		h.OldLines = oldLines
		h.setOldPos(pos)
	}
	f := &File{Hunks: []*Hunk{h}}
	f.Recount()
	return h, nil
}

// checkEOLOrder refuses a line following a no-newline line on the same side.
func checkEOLOrder(h *Hunk) *Error {
	oldEnded, newEnded := false, false
	for _, l := range h.Lines {
		if (l.Op != Add && oldEnded) || (l.Op != Delete && newEnded) {
			return &Error{Reason: Malformed, Detail: "line after the end of file"}
		}
		if l.NoEOL {
			oldEnded = oldEnded || l.Op != Add
			newEnded = newEnded || l.Op != Delete
		}
	}
	return nil
}
