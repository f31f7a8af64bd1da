//go:build unix

package scan

import (
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// BenchmarkCacheSaveFewChanged is the scan cache's part of a run after a
// few sessions changed: a cache of 10,000 entries (the reference corpus's
// size, ~3 MB) is opened, every entry is hit but 10, those 10 are put
// again, and Save writes the file. Each iteration alternates between two
// versions of the 10 entries, so every Save has something to write.
func BenchmarkCacheSaveFewChanged(b *testing.B) {
	const n, changed = 10000, 10
	path := filepath.Join(b.TempDir(), "scan.cache")
	session := func(i, v int) transcript.Session {
		return transcript.Session{Source: transcript.Gemini, ID: fmt.Sprintf("%08x-1111-2222-3333-%012x", i, i),
			ProjectRoot: "/home/someone/src/project", Kind: transcript.KindMain,
			Start: time.Unix(int64(i)*3600, 0).UTC(), LastUpdated: time.Unix(int64(i)*3600+int64(v), 0).UTC(),
			UserMessages: 12 + v, Summary: strings.Repeat("summary words ", 12)}
	}
	pathOf := func(i int) string {
		return fmt.Sprintf("/home/someone/.gemini/tmp/project/chats/session-%05d.jsonl", i)
	}
	c := OpenCache(path)
	for i := range n {
		c.Put(pathOf(i), int64(i), int64(i), session(i, 0))
	}
	if err := c.Save(); err != nil {
		b.Fatal(err)
	}
	hits := make([]string, 0, n-changed)
	for i := changed; i < n; i++ {
		hits = append(hits, pathOf(i))
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for it := range b.N {
		c := OpenCache(path)
		c.markSeen(hits, nil)
		for i := range changed {
			c.Put(pathOf(i), int64(i), int64(i+it+1), session(i, it+1))
		}
		if err := c.Save(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	c = OpenCache(path)
	if c.old.len() != n {
		b.Fatalf("cache holds %d entries, want %d", c.old.len(), n)
	}
	if e, ok := c.old.entry(-1, pathOf(n-1)); !ok || e.Session.ID != session(n-1, 0).ID {
		b.Fatalf("an unchanged entry: %v %+v", ok, e)
	}
}

// cpuTime is the process's user+system CPU time: on a shared machine the
// wall time says more about the neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
