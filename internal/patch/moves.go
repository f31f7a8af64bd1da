package patch

import (
	"fmt"
	"path/filepath"
	"strings"
)

// archivedAt separates an archive.md line's text from its note (see
// ArchivedLine).
const archivedAt = " (archived "

// ArchivedLine is the archive.md line that keeps a memory line taken out of
// file base (line n) on day, with why: "- <text> (archived <day> from
// <file> line <n>: <why>)". Memory upkeep writes it and Moves reads it back
// to tie the removal to its copy, so the format lives here once.
func ArchivedLine(text, day, base string, n int, why string) string {
	return fmt.Sprintf("- %s%s%s from %s line %d: %s)", text, archivedAt, day, base, n, why)
}

// Moves returns sel with each line memory upkeep takes out of a file
// decided with its copy (the archive.md line, or the same line added to
// another file, as a move to a topic file writes it), so a split review
// never loses a line: applying the removal applies the copy, dismissing
// the copy dismisses the removal, and dismissing the removal dismisses
// the copy. Applying a removal while dismissing its copy in the same
// selection is refused. sel itself is not modified.
func Moves(p *Patch, sel Selection) (Selection, error) {
	out := Selection{}
	for h, d := range sel {
		out[h] = d
	}
	set := func(h *Hunk, i int, d Decision) {
		ds := make([]Decision, len(h.Lines))
		copy(ds, out[h])
		ds[i] = d
		out[h] = ds
	}
	for _, f := range p.Files {
		if isArchive(f.Path) {
			continue
		}
		for _, h := range f.Hunks {
			for i, l := range h.Lines {
				if l.Op != Delete || strings.TrimSpace(l.Text) == "" {
					continue
				}
				cf, ch, ci, ok := copyOf(p, f, l.Text)
				if !ok {
					continue
				}
				rd, cd := out.of(h, i), out.of(ch, ci)
				switch {
				case rd == Apply && cd == Dismiss:
					return nil, fmt.Errorf("%s: removing %q while dismissing its copy in %s would lose the line: decide both the same way", f.Path, strings.TrimSpace(l.Text), filepath.Base(cf.Path))
				case rd == Apply && cd == Pending:
					set(ch, ci, Apply)
				case rd == Pending && cd == Dismiss, rd == Dismiss && cd == Pending:
					set(h, i, Dismiss)
					set(ch, ci, Dismiss)
				}
			}
		}
	}
	return out, nil
}

// copyOf finds the added line in another file of p that keeps text: its
// archive.md line, or the same line in a topic file.
func copyOf(p *Patch, from *File, text string) (*File, *Hunk, int, bool) {
	body := strings.TrimSpace(text)
	for _, g := range p.Files {
		if g == from || g.Path == from.Path {
			continue
		}
		archive := isArchive(g.Path)
		for _, h := range g.Hunks {
			for i, l := range h.Lines {
				if l.Op != Add {
					continue
				}
				if l.Text == text && !archive {
					return g, h, i, true
				}
				if archive && archivedFrom(l.Text, body, filepath.Base(from.Path)) {
					return g, h, i, true
				}
			}
		}
	}
	return nil, nil, 0, false
}

// archivedFrom reports whether an archive.md line keeps the memory line
// body (marker stripped by upkeep, so compared as a suffix) of file base.
func archivedFrom(line, body, base string) bool {
	t := strings.TrimPrefix(strings.TrimSpace(line), "- ")
	at := strings.Index(t, archivedAt)
	if at <= 0 {
		return false
	}
	kept := t[:at]
	return strings.HasSuffix(body, kept) && strings.Contains(t[at:], " from "+base+" line ")
}

func isArchive(path string) bool { return strings.EqualFold(filepath.Base(path), "archive.md") }

// CopyIn reports whether other, a pending patch of another kind, still
// holds the archive.md line that keeps text when it is taken out of file
// from: upkeep archives the global file's lines in the private archive.md.
func CopyIn(other *Patch, from, text string) bool {
	body := strings.TrimSpace(text)
	for _, g := range other.Files {
		if !isArchive(g.Path) {
			continue
		}
		for _, h := range g.Hunks {
			for _, l := range h.Lines {
				if l.Op == Add && archivedFrom(l.Text, body, filepath.Base(from)) {
					return true
				}
			}
		}
	}
	return false
}

// RemovalIn returns the file of the pending removal in other, a patch of
// another kind, that the archive.md line keeps; ok is false when none is.
func RemovalIn(other *Patch, line string) (path string, ok bool) {
	for _, f := range other.Files {
		if isArchive(f.Path) {
			continue
		}
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				if l.Op == Delete && strings.TrimSpace(l.Text) != "" && archivedFrom(line, strings.TrimSpace(l.Text), filepath.Base(f.Path)) {
					return f.Path, true
				}
			}
		}
	}
	return "", false
}
