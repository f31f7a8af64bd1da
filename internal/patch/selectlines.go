package patch

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Decision is what a person decided for one added or removed line.
type Decision uint8

// Line decisions. A pending line stays in the inbox; an applied line is
// written to its target; a dismissed line is dropped (the inbox remembers
// dismissed additions as tombstones).
const (
	Pending Decision = iota
	Apply
	Dismiss
)

// Selection maps hunks of a patch to the decision of each of their lines
// (parallel to Hunk.Lines; entries of context lines are ignored and missing
// entries are Pending). A hunk missing from the map is wholly pending. It is
// keyed by hunk so a review can replace a hunk's lines (the e key) and keep
// deciding on the same hunk.
type Selection map[*Hunk][]Decision

// Fill returns a decision slice for h with every line set to d.
func Fill(h *Hunk, d Decision) []Decision {
	out := make([]Decision, len(h.Lines))
	for i := range out {
		out[i] = d
	}
	return out
}

// of is the decision of line i of h.
func (s Selection) of(h *Hunk, i int) Decision {
	if d := s[h]; i < len(d) {
		return d[i]
	}
	return Pending
}

// Selection refusals: Select returns them (wrapped in ErrSelection) and
// leaves the patch as it was; the caller keeps the item pending.
var (
	// ErrSelection is what every selection refusal wraps.
	ErrSelection = errors.New("cannot apply this selection")
	// ErrRepeatedSection: a file patched by several sections is decided out
	// of order. Each section applies on top of the ones before it, so a
	// line of a later section can be applied only when the earlier ones
	// are wholly applied, and stay pending only when none of their lines
	// was dismissed; otherwise its context would not be there.
	ErrRepeatedSection = fmt.Errorf("%w: %s", ErrSelection, "a file patched by several sections must be decided in order (apply the earlier sections wholly first)")
	// ErrSplitsLastLine: the decisions would put text after a line that
	// ends the file without a newline.
	ErrSplitsLastLine = fmt.Errorf("%w: %s", ErrSelection, "it splits the last line of the file; decide its - and + lines together")
)

// contextLines is how many context lines a cut hunk keeps on each side, as
// diff -u writes them.
const contextLines = 3

// Select cuts p by sel into the patch to apply now and the remainder that
// stays pending, which applies on top of the applied part's result. An
// applied line goes to the applied part and is context in the remainder; a
// pending - line is context in the applied part; a dismissed + line is in
// neither and a dismissed - line is context in both. Hunks and sections left
// without changes are dropped, so a fully decided patch yields an empty
// remainder; context is trimmed to three lines at each end of a hunk;
// counts and starts are exact, so both parts serialise to patches Parse and
// Gemini CLI accept. A remainder section creates its file only when nothing
// of it was applied. Callers first let MEMORY.md pointer lines follow their
// files (Pointers); Select cuts exactly by sel.
func Select(p *Patch, sel Selection) (applied, rest *Patch, err error) {
	if err := checkRepeated(p, sel); err != nil {
		return nil, nil, err
	}
	applied, rest = &Patch{}, &Patch{}
	for _, f := range p.Files {
		af, rf, err := selectFile(f, sel)
		if err != nil {
			return nil, nil, err
		}
		if len(af.Hunks) > 0 {
			applied.Files = append(applied.Files, af)
		}
		if len(rf.Hunks) > 0 {
			rest.Files = append(rest.Files, rf)
		}
	}
	return applied, rest, nil
}

func selectFile(f *File, sel Selection) (af, rf *File, err error) {
	af = &File{Path: f.Path, Create: f.Create}
	rf = &File{Path: f.Path}
	delta := 0 // lines the applied part added above the current hunk
	for _, h := range f.Hunks {
		ah := &Hunk{Section: h.Section}
		rh := &Hunk{Section: h.Section}
		for i, l := range h.Lines {
			d := sel.of(h, i)
			switch {
			case l.Op == Context:
				ah.Lines = append(ah.Lines, l)
				rh.Lines = append(rh.Lines, l)
			case l.Op == Add && d == Apply:
				ah.Lines = append(ah.Lines, l)
				rh.Lines = append(rh.Lines, asContext(l))
			case l.Op == Add && d == Pending:
				rh.Lines = append(rh.Lines, l)
			case l.Op == Add: // dismissed: in neither part
			case d == Apply:
				ah.Lines = append(ah.Lines, l)
			case d == Pending:
				ah.Lines = append(ah.Lines, asContext(l))
				rh.Lines = append(rh.Lines, l)
			default: // a dismissed - line: the line stays
				ah.Lines = append(ah.Lines, asContext(l))
				rh.Lines = append(rh.Lines, asContext(l))
			}
		}
		if checkEOLOrder(ah) != nil || checkEOLOrder(rh) != nil {
			return nil, nil, ErrSplitsLastLine
		}
		pos := h.oldPos()
		count(ah)
		net := ah.NewLines - ah.OldLines
		if hasChanges(ah) {
			drop := trimContext(ah, contextLines)
			count(ah)
			ah.setOldPos(pos + drop)
			af.Hunks = append(af.Hunks, ah)
		}
		if hasChanges(rh) {
			drop := trimContext(rh, contextLines)
			count(rh)
			rh.setOldPos(pos + delta + drop)
			rf.Hunks = append(rf.Hunks, rh)
		}
		delta += net
	}
	rf.Create = f.Create && len(af.Hunks) == 0
	af.Recount()
	rf.Recount()
	return af, rf, nil
}

// asContext turns a change line into a context line, keeping its text and
// its no-newline mark.
func asContext(l Line) Line {
	return Line{Op: Context, Text: l.Text, NoEOL: l.NoEOL}
}

// hasChanges reports whether the hunk adds or removes anything.
func hasChanges(h *Hunk) bool {
	for _, l := range h.Lines {
		if l.Op != Context {
			return true
		}
	}
	return false
}

// trimContext keeps at most n context lines at each end of h and returns
// how many leading lines it dropped. Trailing context that ends the file
// without a newline is kept whole: it says where the file ends.
func trimContext(h *Hunk, n int) int {
	lead := 0
	for lead < len(h.Lines) && h.Lines[lead].Op == Context {
		lead++
	}
	trail := 0
	for trail < len(h.Lines)-lead && h.Lines[len(h.Lines)-1-trail].Op == Context {
		trail++
	}
	end := len(h.Lines)
	if !h.Lines[end-1].NoEOL {
		end -= max(trail-n, 0)
	}
	drop := max(lead-n, 0)
	h.Lines = h.Lines[drop:end]
	return drop
}

// count sets the line counts of h from its lines.
func count(h *Hunk) {
	h.OldLines, h.NewLines = 0, 0
	for _, l := range h.Lines {
		if l.Op != Add {
			h.OldLines++
		}
		if l.Op != Delete {
			h.NewLines++
		}
	}
}

// checkRepeated enforces the order in which the sections of one file may be
// decided (see ErrRepeatedSection): the cut is exact only then.
func checkRepeated(p *Patch, sel Selection) error {
	sections := map[string][]*File{}
	for _, f := range p.Files {
		sections[f.Path] = append(sections[f.Path], f)
	}
	for _, fs := range sections {
		if len(fs) < 2 {
			continue
		}
		whole, dismissed := true, false // over the sections before
		for _, f := range fs {
			var n [3]int // lines per decision
			for _, h := range f.Hunks {
				for i, l := range h.Lines {
					if l.Op != Context {
						n[sel.of(h, i)]++
					}
				}
			}
			if (n[Apply] > 0 && !whole) || (n[Pending] > 0 && dismissed) {
				return ErrRepeatedSection
			}
			whole = whole && n[Pending] == 0 && n[Dismiss] == 0
			dismissed = dismissed || n[Dismiss] > 0
		}
	}
	return nil
}

// Pointers returns sel with the MEMORY.md lines that point at a new file
// decided with that file, so a pointer travels with its file: the pending
// + lines of a sibling MEMORY.md section that name a created file are
// applied when any line of the file is applied, and dismissed when all of
// it is dismissed. Left pending, DryRun would add Gemini's automatic
// pointer and the remainder would later add a second one, or the remainder
// would point at a file that will never exist. Lines already decided are
// left as they are; sel itself is not modified.
func Pointers(p *Patch, sel Selection) Selection {
	out := Selection{}
	for h, d := range sel {
		out[h] = d
	}
	for _, f := range p.Files {
		if !f.Create || strings.EqualFold(filepath.Base(f.Path), "MEMORY.md") {
			continue
		}
		var n [3]int
		for _, h := range f.Hunks {
			for i, l := range h.Lines {
				if l.Op != Context {
					n[sel.of(h, i)]++
				}
			}
		}
		follow := Pending
		switch {
		case n[Apply] > 0:
			follow = Apply
		case n[Dismiss] > 0 && n[Pending] == 0:
			follow = Dismiss
		default:
			continue
		}
		base := filepath.Base(f.Path)
		for _, g := range p.Files {
			if filepath.Base(g.Path) != "MEMORY.md" || filepath.Dir(g.Path) != filepath.Dir(f.Path) {
				continue
			}
			for _, h := range g.Hunks {
				for i, l := range h.Lines {
					if l.Op != Add || !strings.Contains(l.Text, base) || out.of(h, i) != Pending {
						continue
					}
					d := make([]Decision, len(h.Lines))
					copy(d, out[h])
					d[i] = follow
					out[h] = d
				}
			}
		}
	}
	return out
}
