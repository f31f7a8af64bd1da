package offline

import (
	"fmt"
	"testing"
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
