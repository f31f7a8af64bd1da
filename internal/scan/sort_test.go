package scan

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// TestSortEntries checks the index sort and the in-place permutation
// against a plain sort of the entries themselves: newest first, then by
// path, every entry kept whole (ties of time, zero times, one entry, none).
func TestSortEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{0, 1, 2, 3, 17, 1000} {
		entries := make([]Entry, n)
		for i := range entries {
			var at time.Time
			if rng.IntN(10) > 0 { // some zero times, many ties
				at = base.Add(time.Duration(rng.IntN(50)) * time.Minute)
			}
			entries[i] = Entry{Session: transcript.Session{
				ID: fmt.Sprint("s", i), Path: fmt.Sprintf("/c/%04d.jsonl", rng.IntN(1_000_000)*1000+i),
				LastUpdated: at, UserMessages: i,
			}, Reason: fmt.Sprint("r", i)}
		}
		want := append([]Entry(nil), entries...)
		sort.Slice(want, func(i, j int) bool {
			a, b := &want[i], &want[j]
			if !a.LastUpdated.Equal(b.LastUpdated) {
				return a.LastUpdated.After(b.LastUpdated)
			}
			return a.Path < b.Path
		})
		sortEntries(entries)
		for i := range want {
			if entries[i] != want[i] {
				t.Fatalf("n=%d: entry %d is %+v, want %+v", n, i, entries[i], want[i])
			}
		}
	}
}
