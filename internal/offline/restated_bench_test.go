package offline

import (
	"fmt"
	"testing"
)

// BenchmarkRestatedFacts reads 20 000 statements that all share their
// everyday words ("the report page … uses …"): each clause must be tied
// only through the words few clauses use, not read against every other.
func BenchmarkRestatedFacts(b *testing.B) {
	said := make([]source, 20000)
	for i := range said {
		said[i] = source{session: i % 40, seq: i,
			quote: fmt.Sprintf("the report page %d uses the Tool%dx exporter", i, i%500)}
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = restatedFacts(nil, said, nil)
	}
}
