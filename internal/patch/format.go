package patch

import (
	"errors"
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

// ParseEditedHunk reads a hunk a person edited (the review's e key) from
// text that started as FormatHunk(orig): lines starting with # are
// comments, an @@ line is ignored (counts are recomputed), an empty line is
// an empty context line and a "\\ No newline at end of file" line marks the
// line above it. The old side (context and - lines, with their no-newline
// marks) must stay exactly as in orig, so the edit still applies where orig
// did; the errors say what changed, for the person to try again. The result
// has orig's starts and exact counts.
func ParseEditedHunk(orig *Hunk, text string) (*Hunk, error) {
	if strings.IndexByte(text, 0) >= 0 {
		return nil, errors.New("the edit contains a NUL byte: binary content cannot go into a memory file")
	}
	h := &Hunk{Section: orig.Section}
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "#"), strings.HasPrefix(l, "@@"):
		case l == "":
			h.Lines = append(h.Lines, Line{Op: Context})
		case l[0] == ' ' || l[0] == '+' || l[0] == '-':
			h.Lines = append(h.Lines, Line{Op: Op(l[0]), Text: l[1:]})
		case l[0] == '\\' && len(h.Lines) > 0 && !h.Lines[len(h.Lines)-1].NoEOL:
			h.Lines[len(h.Lines)-1].NoEOL = true
		case l[0] == '\\':
			return nil, errors.New("a no-newline marker must follow a line of its own")
		default:
			return nil, fmt.Errorf("line %q does not start with ' ', '+' or '-'", l)
		}
	}
	if err := sameOldSide(orig, h); err != nil {
		return nil, err
	}
	if checkEOLOrder(h) != nil {
		return nil, errors.New("a line follows the last line of the file, which has no newline")
	}
	count(h)
	h.OldStart = orig.OldStart
	h.NewStart = orig.newPos()
	if h.NewLines > 0 {
		h.NewStart++
	}
	return h, nil
}

// sameOldSide checks that an edit kept the lines the hunk expects to find.
func sameOldSide(orig, edited *Hunk) error {
	var a, b []Line
	for _, l := range orig.Lines {
		if l.Op != Add {
			a = append(a, l)
		}
	}
	for _, l := range edited.Lines {
		if l.Op != Add {
			b = append(b, l)
		}
	}
	if len(a) != len(b) {
		return fmt.Errorf("context and removed lines changed: %d lines, want %d", len(b), len(a))
	}
	for i := range a {
		switch {
		case a[i].Text != b[i].Text:
			return fmt.Errorf("context line %q changed to %q", a[i].Text, b[i].Text)
		case a[i].NoEOL != b[i].NoEOL:
			return fmt.Errorf("the no-newline marker of line %q changed", a[i].Text)
		}
	}
	return nil
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
