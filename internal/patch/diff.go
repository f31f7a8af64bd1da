package patch

import (
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// DiffContext is the number of context lines Diff keeps around a change,
// the 3 Gemini's prompt asks for.
const DiffContext = 3

// Diff builds the file section that turns old into new at path, from
// go-difflib's grouped opcodes (never by re-parsing difflib text). A nil old
// means the file does not exist yet and the section creates it. It returns
// nil when there is no change.
func Diff(path string, old, new []byte) *File {
	create := old == nil
	if !create && string(old) == string(new) {
		return nil
	}
	if create && len(new) == 0 {
		return nil
	}
	a, b := splitLines(string(old)), splitLines(string(new))
	f := &File{Path: path, Create: create}
	m := difflib.NewMatcher(a, b)
	for _, group := range m.GetGroupedOpCodes(DiffContext) {
		h := &Hunk{}
		for _, op := range group {
			switch op.Tag {
			case 'e':
				for _, s := range a[op.I1:op.I2] {
					h.Lines = append(h.Lines, toLine(Context, s))
				}
			case 'd', 'r', 'i':
				for _, s := range a[op.I1:op.I2] {
					h.Lines = append(h.Lines, toLine(Delete, s))
				}
				for _, s := range b[op.J1:op.J2] {
					h.Lines = append(h.Lines, toLine(Add, s))
				}
			}
		}
		count(h)
		h.setOldPos(group[0].I1)
		f.Hunks = append(f.Hunks, h)
	}
	f.Recount()
	return f
}

func toLine(op Op, s string) Line {
	if strings.HasSuffix(s, "\n") {
		return Line{Op: op, Text: s[:len(s)-1]}
	}
	return Line{Op: op, Text: s, NoEOL: true}
}
