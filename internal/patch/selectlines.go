package patch

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// HunkRef names a hunk by 0-based section and hunk index in a Patch.
type HunkRef struct{ File, Hunk int }

// Choice picks one hunk, or some of its change lines: Lines holds indexes
// into Hunk.Lines of chosen + and - lines; empty chooses the whole hunk.
type Choice struct {
	Hunk  HunkRef
	Lines []int
}

// Selection errors; both leave the patch as it was.
var (
	// ErrRepeatedSection: a file with several sections can only be chosen
	// whole or not at all, since later sections are relative to earlier ones.
	ErrRepeatedSection = errors.New("a file patched by several sections can only be chosen whole")
	// ErrSplitsLastLine: the choice would put text after a line that ends the
	// file without a newline.
	ErrSplitsLastLine = errors.New("selection splits the last line of the file; choose its - and + together")
)

// Select returns a patch of just the chosen hunks and lines and the
// remainder patch, which applies on top of the chosen patch's result; applying
// both gives the files applying p gives. An unchosen - line becomes context
// and an unchosen + line is dropped in the chosen patch; in the remainder a
// chosen - line is gone and a chosen + line is context. Either result is nil
// when it would hold no change. Counts and starts are exact. Choosing any
// line of a new file also chooses the + lines of its MEMORY.md that name it.
func Select(p *Patch, choices []Choice) (chosen, rest *Patch, err error) {
	want, err := indexChoices(p, choices)
	if err != nil {
		return nil, nil, err
	}
	pullPointers(p, want, false)
	return selectWanted(p, want)
}

// Drop returns p without the chosen hunks and lines (the inbox's dismiss),
// still relative to the original files: a dropped + line disappears and a
// dropped - line becomes context. Dropping every line of a new file also
// drops the MEMORY.md lines that point at it. The result is nil when
// nothing is left.
func Drop(p *Patch, choices []Choice) (*Patch, error) {
	drop, err := indexChoices(p, choices)
	if err != nil {
		return nil, err
	}
	pullPointers(p, drop, true)
	keep := map[HunkRef]map[int]bool{}
	for fi, f := range p.Files {
		for hi, h := range f.Hunks {
			ref := HunkRef{fi, hi}
			for li, l := range h.Lines {
				if l.Op != Context && !drop[ref][li] {
					if keep[ref] == nil {
						keep[ref] = map[int]bool{}
					}
					keep[ref][li] = true
				}
			}
		}
	}
	kept, _, err := selectWanted(p, keep)
	return kept, err
}

func selectWanted(p *Patch, want map[HunkRef]map[int]bool) (chosen, rest *Patch, err error) {
	if err := checkRepeated(p, want); err != nil {
		return nil, nil, err
	}
	chosen, rest = &Patch{}, &Patch{}
	for fi, f := range p.Files {
		sf, rf, err := selectFile(f, fi, want)
		if err != nil {
			return nil, nil, err
		}
		if len(sf.Hunks) > 0 {
			chosen.Files = append(chosen.Files, sf)
		}
		if len(rf.Hunks) > 0 {
			rest.Files = append(rest.Files, rf)
		}
	}
	if len(chosen.Files) == 0 {
		chosen = nil
	}
	if len(rest.Files) == 0 {
		rest = nil
	}
	return chosen, rest, nil
}

// indexChoices turns choices into, per hunk, the set of chosen line indexes.
func indexChoices(p *Patch, choices []Choice) (map[HunkRef]map[int]bool, error) {
	want := map[HunkRef]map[int]bool{}
	for _, c := range choices {
		r := c.Hunk
		if r.File < 0 || r.File >= len(p.Files) || r.Hunk < 0 || r.Hunk >= len(p.Files[r.File].Hunks) {
			return nil, fmt.Errorf("select: no hunk %d in section %d", r.Hunk+1, r.File+1)
		}
		h := p.Files[r.File].Hunks[r.Hunk]
		set := want[r]
		if set == nil {
			set = map[int]bool{}
			want[r] = set
		}
		if len(c.Lines) == 0 {
			for i, l := range h.Lines {
				if l.Op != Context {
					set[i] = true
				}
			}
		}
		for _, i := range c.Lines {
			if i < 0 || i >= len(h.Lines) || h.Lines[i].Op == Context {
				return nil, fmt.Errorf("select: line %d of hunk %d is not a change", i+1, r.Hunk+1)
			}
			set[i] = true
		}
	}
	return want, nil
}

// pullPointers adds to the choice every + line of a sibling MEMORY.md section
// that names a new file the choice creates (any of its lines, or all of
// them when whole is set), so a pointer travels with its file: left behind,
// DryRun would add Gemini's automatic pointer and the remainder would add a
// second one.
func pullPointers(p *Patch, want map[HunkRef]map[int]bool, whole bool) {
	for fi, f := range p.Files {
		if !f.Create || strings.EqualFold(filepath.Base(f.Path), "MEMORY.md") {
			continue
		}
		picked, total := 0, 0
		for hi, h := range f.Hunks {
			a, r := h.Changes()
			total += a + r
			picked += len(want[HunkRef{fi, hi}])
		}
		if picked == 0 || (whole && picked < total) {
			continue
		}
		base := filepath.Base(f.Path)
		for gi, g := range p.Files {
			if filepath.Base(g.Path) != "MEMORY.md" || filepath.Dir(g.Path) != filepath.Dir(f.Path) {
				continue
			}
			for hi, h := range g.Hunks {
				for li, l := range h.Lines {
					if l.Op == Add && strings.Contains(l.Text, base) {
						ref := HunkRef{gi, hi}
						if want[ref] == nil {
							want[ref] = map[int]bool{}
						}
						want[ref][li] = true
					}
				}
			}
		}
	}
}

func checkRepeated(p *Patch, want map[HunkRef]map[int]bool) error {
	sections := map[string][]int{}
	for fi, f := range p.Files {
		sections[f.Path] = append(sections[f.Path], fi)
	}
	for _, idx := range sections {
		if len(idx) < 2 {
			continue
		}
		total, picked := 0, 0
		for _, fi := range idx {
			for hi, h := range p.Files[fi].Hunks {
				a, r := h.Changes()
				total += a + r
				picked += len(want[HunkRef{fi, hi}])
			}
		}
		if picked != 0 && picked != total {
			return ErrRepeatedSection
		}
	}
	return nil
}

func selectFile(f *File, fi int, want map[HunkRef]map[int]bool) (sf, rf *File, err error) {
	sf = &File{Path: f.Path, Create: f.Create}
	rf = &File{Path: f.Path}
	delta := 0 // how far the chosen patch moved lines below this point
	for hi, h := range f.Hunks {
		set := want[HunkRef{fi, hi}]
		pos := h.oldPos()
		if len(set) == 0 {
			rh := h.clone()
			rh.setOldPos(pos + delta)
			rf.Hunks = append(rf.Hunks, rh)
			continue
		}
		sh := &Hunk{Section: h.Section}
		rh := &Hunk{Section: h.Section}
		for i, l := range h.Lines {
			switch {
			case l.Op == Context:
				sh.Lines = append(sh.Lines, l)
				rh.Lines = append(rh.Lines, l)
			case l.Op == Delete && set[i]:
				sh.Lines = append(sh.Lines, l)
			case l.Op == Delete:
				sh.Lines = append(sh.Lines, Line{Op: Context, Text: l.Text, NoEOL: l.NoEOL})
				rh.Lines = append(rh.Lines, l)
			case set[i]: // chosen +
				sh.Lines = append(sh.Lines, l)
				rh.Lines = append(rh.Lines, Line{Op: Context, Text: l.Text, NoEOL: l.NoEOL})
			default: // unchosen +
				rh.Lines = append(rh.Lines, l)
			}
		}
		if checkEOLOrder(sh) != nil || checkEOLOrder(rh) != nil {
			return nil, nil, ErrSplitsLastLine
		}
		count(sh)
		count(rh)
		sh.setOldPos(pos)
		rh.setOldPos(pos + delta)
		delta += sh.NewLines - sh.OldLines
		if a, r := sh.Changes(); a+r > 0 {
			sf.Hunks = append(sf.Hunks, sh)
		}
		if a, r := rh.Changes(); a+r > 0 {
			rf.Hunks = append(rf.Hunks, rh)
		}
	}
	rf.Create = f.Create && len(sf.Hunks) == 0
	sf.Recount()
	rf.Recount()
	return sf, rf, nil
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

// Split cuts h at its runs of context between change groups, as git add -p
// does; a run shared by two groups is divided between them so the pieces do
// not overlap and can sit in one patch. A hunk with one change group comes
// back alone. Starts and counts of the pieces are exact.
func Split(h *Hunk) []*Hunk {
	type group struct{ from, to int } // change lines [from,to)
	var groups []group
	for i := 0; i < len(h.Lines); {
		if h.Lines[i].Op == Context {
			i++
			continue
		}
		j := i
		for j < len(h.Lines) && h.Lines[j].Op != Context {
			j++
		}
		groups = append(groups, group{i, j})
		i = j
	}
	if len(groups) < 2 {
		return []*Hunk{h.clone()}
	}
	var out []*Hunk
	start := 0
	oldBefore, newBefore := 0, 0 // old/new side lines of h before start
	newPos := h.NewStart - 1
	if h.NewLines == 0 {
		newPos = h.NewStart
	}
	for g := range groups {
		end := len(h.Lines)
		if g+1 < len(groups) {
			gap := groups[g+1].from - groups[g].to
			end = groups[g].to + (gap+1)/2
		}
		piece := &Hunk{Section: h.Section, Lines: append([]Line(nil), h.Lines[start:end]...)}
		count(piece)
		piece.setOldPos(h.oldPos() + oldBefore)
		piece.NewStart = newPos + newBefore
		if piece.NewLines > 0 {
			piece.NewStart++
		}
		out = append(out, piece)
		oldBefore += piece.OldLines
		newBefore += piece.NewLines
		start = end
	}
	return out
}

// SplitHunk replaces hunk ref of p with its Split pieces and returns how
// many there are.
func SplitHunk(p *Patch, ref HunkRef) int {
	f := p.Files[ref.File]
	pieces := Split(f.Hunks[ref.Hunk])
	hs := append([]*Hunk(nil), f.Hunks[:ref.Hunk]...)
	hs = append(hs, pieces...)
	f.Hunks = append(hs, f.Hunks[ref.Hunk+1:]...)
	return len(pieces)
}

// sortedInts returns the keys of a set in order.
func sortedInts(set map[int]bool) []int {
	out := make([]int, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
