package offline

import (
	"fmt"
	"testing"
)

// BenchmarkRestatements mines a long history of plain statements, a third
// of them leaning on an earlier one ("… too"): each back-reference is
// matched against every earlier sentence, so the per-sentence tests must
// run once per sentence, not once per pair.
func BenchmarkRestatements(b *testing.B) {
	words := []string{"ledger", "invoice", "widget", "gateway", "cache", "tenant", "report", "quota", "archive", "sensor"}
	names := []string{"Orion", "Vega", "Lyra", "Draco", "Cygnus", "Aquila", "Hydra", "Corvus"}
	var sessions [][]string
	for s := 0; s < 20; s++ {
		var lines []string
		for k := 0; k < 60; k++ {
			w, n := words[(s*7+k)%len(words)], names[(s+k*3)%len(names)]
			line := fmt.Sprintf("u:The %s %s in %s uses %s and the %s is kept in src/%s/%s.go",
				w, words[(k+1)%len(words)], n, names[(k+5)%len(names)], words[(s+k+2)%len(words)], w, n)
			if k%3 == 0 {
				line += " too"
			}
			lines = append(lines, line+".")
		}
		sessions = append(sessions, lines)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = candidatesOf(sessions...)
	}
}
