package patch

import (
	"fmt"
	"strings"
)

// splitLines cuts s into lines that keep their "\n"; only the last may lack it.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	out := make([]string, 0, strings.Count(s, "\n")+1)
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// sides returns the old and new side of a hunk as file lines.
func (h *Hunk) sides() (old, new []string) {
	for _, l := range h.Lines {
		c := l.content()
		if l.Op != Add {
			old = append(old, c)
		}
		if l.Op != Delete {
			new = append(new, c)
		}
	}
	return old, new
}

// ApplyText applies one file section to old (nil or empty for a creation)
// and returns the new content. A hunk applies at its stated line (shifted by
// the offset the previous hunk needed); failing that, at the one place after
// the previous hunk where its context and removed lines match exactly; when
// there is no such place or more than one, the error is doesNotApply naming
// the hunk.
func ApplyText(old []byte, f *File) ([]byte, error) {
	if f.Create && len(old) > 0 {
		return nil, refuse(NewFileAlreadyExists, f.Path, "declares a new file")
	}
	lines := splitLines(string(old))
	var out strings.Builder
	out.Grow(len(old) + 256)
	cursor, offset := 0, 0
	budget := searchBudget
	ended := false
	emit := func(ss []string) bool {
		for _, s := range ss {
			if ended {
				return false
			}
			out.WriteString(s)
			ended = !strings.HasSuffix(s, "\n")
		}
		return true
	}
	for k, h := range f.Hunks {
		oldSide, newSide := h.sides()
		pos, ok := locate(lines, oldSide, cursor, h.oldPos(), offset, &budget)
		if !ok {
			return nil, &Error{Reason: DoesNotApply, File: f.Path, Hunk: k + 1, Detail: fmt.Sprintf("context does not match near line %d", h.OldStart)}
		}
		if !emit(lines[cursor:pos]) || !emit(newSide) {
			return nil, &Error{Reason: DoesNotApply, File: f.Path, Hunk: k + 1, Detail: "text after the end of file"}
		}
		offset = pos - h.oldPos()
		cursor = pos + len(oldSide)
	}
	if !emit(lines[cursor:]) {
		return nil, &Error{Reason: DoesNotApply, File: f.Path, Hunk: len(f.Hunks), Detail: "hunk ends the file but the file goes on"}
	}
	return []byte(out.String()), nil
}

// searchBudget bounds the positions one ApplyText may try when hunks have
// moved, so a hostile patch with many misplaced hunks against a large file
// fails fast instead of scanning for minutes.
const searchBudget = 1 << 22

// locate finds where want starts in lines at or after min.
func locate(lines, want []string, min, stated, offset int, budget *int) (int, bool) {
	at := func(pos int) bool {
		if pos < min || pos+len(want) > len(lines) {
			return false
		}
		for i, w := range want {
			if lines[pos+i] != w {
				return false
			}
		}
		return true
	}
	if at(stated + offset) {
		return stated + offset, true
	}
	if at(stated) {
		return stated, true
	}
	if len(want) == 0 {
		return 0, false // a pure insertion without context has nothing to search for
	}
	found, n := -1, 0
	for pos := min; pos+len(want) <= len(lines); pos++ {
		if *budget--; *budget < 0 {
			return 0, false
		}
		if lines[pos] == want[0] && at(pos) {
			found = pos
			n++
			if n > 1 {
				return 0, false
			}
		}
	}
	return found, n == 1
}
