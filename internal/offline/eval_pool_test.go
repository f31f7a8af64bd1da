package offline

import (
	"strings"
	"testing"
)

// TestBlindPool checks that the pooled line adds the blind halves only and
// that a lone blind half gets no pooled line (it would only repeat it).
func TestBlindPool(t *testing.T) {
	a := &evalResult{name: "heldout4", proposals: 10, correct: 9, facts: 20, found: 12, duplicates: 1,
		byCat: map[string]*evalCount{"newest": {facts: 5, found: 2}}}
	c := &evalResult{name: "heldout5", proposals: 30, correct: 27, facts: 40, found: 30, conflicts: 2,
		byCat: map[string]*evalCount{"newest": {facts: 5, found: 4}, "skill": {facts: 3, found: 3}}}
	tuned := &evalResult{name: "tuning", proposals: 100, correct: 100, facts: 100, found: 100, byCat: map[string]*evalCount{}}
	var b strings.Builder
	writeBlindPool(&b, []*evalResult{a, tuned, c})
	got := b.String()
	for _, want := range []string{
		"Blind halves pooled (heldout4, heldout5): precision 0.900 (36/40), recall 0.700 (42/60), 1 duplicates, 2 contradictions.",
		"| newest | 10 | 6 | 0.60 |",
		"| skill | 3 | 3 | 1.00 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("pooled report lacks %q:\n%s", want, got)
		}
	}
	b.Reset()
	writeBlindPool(&b, []*evalResult{a, tuned})
	if b.Len() != 0 {
		t.Errorf("one blind half got a pooled line: %s", b.String())
	}
}
