package offline

import (
	"fmt"
	"testing"
)

// BenchmarkRestatements mines a long history of plain statements, a third
// of them leaning on an earlier one ("… too"): each back-reference is
// matched against the earlier sentences, so the per-sentence tests must
// run once per sentence, not once per pair, and only sentences sharing a
// word may be compared.
func BenchmarkRestatements(b *testing.B) {
	word := func(n int) string { // a made-up plain word per n
		const letters = "bcdfghklmnprstvz"
		w := []byte{}
		for i := 0; i < 3; i++ {
			w = append(w, letters[n%len(letters)], "aeiou"[n%5])
			n /= 7
		}
		return string(w)
	}
	var sessions [][]string
	for s := 0; s < 10; s++ {
		var lines []string
		for k := 0; k < 60; k++ {
			n := s*60 + k
			line := fmt.Sprintf("u:The %s %s in %s uses %s and the %s is kept in src/%s/%s.go",
				word(n*3), word(n*5+1), "X"+word(n*7+2), "Q"+word(n%97), word(n*11+3), word(n%53), word(n*13))
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
