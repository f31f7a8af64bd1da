package upkeep

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/textkey"
)

// entry is one judgeable memory line.
type entry struct {
	f      *file
	n      int
	text   string
	norm   string
	terms  []string        // textkey.Terms, for the reason
	facts  []string        // offline.FactTerms, for pairing and for which one to keep
	values map[string]bool // offline.ValueTerms of facts
}

func entries(m *memory) []*entry {
	var out []*entry
	m.each(func(f *file, n int, text string) {
		facts := offline.FactTerms(text)
		out = append(out, &entry{f: f, n: n, text: text, norm: textkey.Normalize(text),
			terms: textkey.Terms(text), facts: facts, values: offline.ValueTerms(facts)})
	})
	return out
}

// duplicates merges exact duplicates (the same line after normalising) and
// paraphrases (offline.SameFact): the line that says more stays, the
// other goes to the archive. Only lines sharing a fact term are compared.
func duplicates(m *memory) []Proposal {
	es := entries(m)
	gone := map[*entry]bool{}
	var out []Proposal
	first := map[string]*entry{}
	for _, e := range es {
		if k, ok := first[e.norm]; ok {
			gone[e] = true
			out = append(out, mergeInto(e, k, "duplicate of"))
			continue
		}
		first[e.norm] = e
	}
	byTerm := map[string][]int{}
	for i, e := range es {
		for _, t := range e.facts {
			byTerm[t] = append(byTerm[t], i)
		}
	}
	// shared[j] counts the fact terms line j shares with line i; SameFact
	// is asked only of pairs it could answer yes for (the same terms, or
	// at least two shared), so a large memory costs counting, not parsing.
	shared := make([]int, len(es))
	for i, a := range es {
		if gone[a] {
			continue
		}
		var cands []int
		for _, t := range a.facts {
			for _, j := range byTerm[t] {
				if j <= i {
					continue
				}
				if shared[j] == 0 {
					cands = append(cands, j)
				}
				shared[j]++
			}
		}
		sort.Ints(cands)
		for _, j := range cands {
			n := shared[j]
			shared[j] = 0
			b := es[j]
			if gone[b] || gone[a] || n < 2 && 2*n*10 < 6*(len(a.facts)+len(b.facts)) || differ(a.values, b.values) || !offline.SameFact(a.text, b.text) {
				continue
			}
			keep, drop := a, b
			if len(b.facts) > len(a.facts) {
				keep, drop = b, a
			}
			gone[drop] = true
			out = append(out, mergeInto(drop, keep, "same fact as"))
		}
	}
	return out
}

// differ reports whether two lines give values and none in common: then
// they state different facts (a version, a port, a path), whatever their
// words.
func differ(a, b map[string]bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for v := range a {
		if b[v] {
			return false
		}
	}
	return true
}

// mergeInto proposes moving drop out of memory because keep says it.
func mergeInto(drop, keep *entry, what string) Proposal {
	where := fmt.Sprintf("line %d", keep.n)
	if keep.f != drop.f {
		where = fmt.Sprintf("line %d of %s", keep.n, filepath.Base(keep.f.path))
	}
	shared := textkey.Shared(drop.terms, keep.terms)
	return Proposal{Action: ActionMerge, Path: drop.f.path, Line: drop.text, LineNo: drop.n,
		Why: fmt.Sprintf("%s %s (same words: %s)", what, where, strings.Join(shared, ", "))}
}
