package redact

import (
	"slices"
	"strings"
	"testing"
)

// The automaton finds exactly what a naive search finds, case-insensitively,
// overlapping keywords included.
func TestMatcher(t *testing.T) {
	kws := []string{"he", "she", "his", "hers", "-----begin", "s.", "ey", "key"}
	m := newMatcher(kws)
	g := newGen(23)
	texts := []string{"ushers", "SHE SAID HIS KEY", "-----BEGIN x", "a.s.s.", "theyKeyEY"}
	for range 200 {
		texts = append(texts, g.str("heisrky.-SBGNa ", 40))
	}
	for _, text := range texts {
		var got, want [][2]int
		m.scan(text, func(kw int32, pos int) { got = append(got, [2]int{int(kw), pos}) })
		low := strings.ToLower(text)
		for i := range low {
			for k, kw := range kws {
				if strings.HasPrefix(low[i:], kw) {
					want = append(want, [2]int{k, i})
				}
			}
		}
		sortHits := func(h [][2]int) {
			slices.SortFunc(h, func(a, b [2]int) int {
				if a[1] != b[1] {
					return a[1] - b[1]
				}
				return a[0] - b[0]
			})
		}
		sortHits(got)
		sortHits(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%q: got %v, want %v", text, got, want)
		}
	}
}
