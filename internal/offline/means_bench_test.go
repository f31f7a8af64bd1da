package offline

import (
	"fmt"
	"testing"
	"time"
)

// manyLeanedTerms is a long history where every sentence leans on a term
// of its own ("… with tool123 like before"): each term must be looked up
// in an index, not matched against every sentence.
func manyLeanedTerms(n int) []source {
	said := make([]source, n)
	for i := range said {
		said[i] = source{session: i % 40, seq: i,
			quote: fmt.Sprintf("build the report page %d with tool%dx like before", i, i)}
	}
	return said
}

// BenchmarkRecurringMeans mines 20 000 sentences each leaning on a
// distinct term: the per-term look-ups (sentences naming it, statements
// naming it, other sessions naming it) must not read every sentence.
func BenchmarkRecurringMeans(b *testing.B) {
	said := manyLeanedTerms(20000)
	b.ReportAllocs()
	for b.Loop() {
		_ = recurringMeans(nil, said, nil)
	}
}

// TestRecurringMeansScales: 20 000 sentences with distinct leaned terms
// took minutes when every term was matched against every sentence.
func TestRecurringMeansScales(t *testing.T) {
	said := manyLeanedTerms(20000)
	start := time.Now()
	_ = recurringMeans(nil, said, nil)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("recurringMeans on 20 000 sentences took %v; want well under 10s", d)
	}
}
