package patch

import (
	"fmt"
	"strconv"
	"strings"
)

// Source is one pending patch file of a kind, as the inbox shows them
// together under one id ("private", "global").
type Source struct {
	Name  string // file name, for messages
	Patch *Patch
}

// Numbered is one hunk of an aggregate with its 1-based number.
type Numbered struct {
	N      int
	Source int // index into the sources
	Ref    HunkRef
	Path   string
	Hunk   *Hunk
}

// Number numbers the hunks of srcs 1..N in source, then section, then hunk
// order. Callers pass sources sorted by file name, the order Gemini applies
// them in.
func Number(srcs []Source) []Numbered {
	var out []Numbered
	for si, s := range srcs {
		for fi, f := range s.Patch.Files {
			for hi, h := range f.Hunks {
				out = append(out, Numbered{N: len(out) + 1, Source: si, Ref: HunkRef{fi, hi}, Path: f.Path, Hunk: h})
			}
		}
	}
	return out
}

// ChoicesFor maps aggregate hunk numbers to whole-hunk choices per source,
// ready for Select on each source patch.
func ChoicesFor(srcs []Source, numbers []int) ([][]Choice, error) {
	all := Number(srcs)
	out := make([][]Choice, len(srcs))
	for _, n := range numbers {
		if n < 1 || n > len(all) {
			return nil, fmt.Errorf("no hunk %d (there are %d)", n, len(all))
		}
		h := all[n-1]
		out[h.Source] = append(out[h.Source], Choice{Hunk: h.Ref})
	}
	return out, nil
}

// ParseRanges parses a hunk list such as "1,3-4" into sorted, distinct
// numbers between 1 and max.
func ParseRanges(s string, max int) ([]int, error) {
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("parse hunk list %q: bad number %q", s, part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("parse hunk list %q: bad range %q", s, part)
			}
		}
		if a < 1 || b < a || b > max {
			return nil, fmt.Errorf("parse hunk list %q: %q outside 1-%d", s, part, max)
		}
		for n := a; n <= b; n++ {
			seen[n] = true
		}
	}
	return sortedInts(seen), nil
}
