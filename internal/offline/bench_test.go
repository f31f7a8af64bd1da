package offline

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/transcript"
)

// benchChats is a Gemini chats dir generated once with the real recorder:
//
//	node shared/tools/gref/gen-transcripts.mjs 10000 /tmp/automem-bench-offline/chats --quiet --seed=7 --subagent-frac=0
//
// (without --subagent-frac=0, 1,500 of the 10,000 files are sub-agent runs,
// which are not sessions).
// AUTOMEM_OFFLINE_BENCH_DIR overrides it; the benchmarks skip when it is
// absent.
func benchChats(b *testing.B) []Session {
	b.Helper()
	dir := os.Getenv("AUTOMEM_OFFLINE_BENCH_DIR")
	if dir == "" {
		dir = "/tmp/automem-bench-offline/chats"
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		b.Skipf("no generated corpus in %s (see benchChats)", dir)
	}
	var out []Session
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(n, "session-") && strings.HasSuffix(n, ".jsonl") {
			out = append(out, Session{Session: transcript.Session{ID: n, Path: filepath.Join(dir, n), Source: transcript.Gemini}, New: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// peakReader reads sessions with the real reader and samples the live heap
// after each one, so the benchmark can show that memory does not grow with
// the transcripts.
type peakReader struct{ peak uint64 }

func (p *peakReader) read(ctx context.Context, s transcript.Session) ([]transcript.Message, error) {
	_, msgs, err := transcript.ReadMessages(s.Path, s.Source)
	return msgs, err
}

// sample records the live heap: collect first, so the figure is what the
// miner retains, not garbage awaiting collection.
func (p *peakReader) sample() {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	if ms.HeapAlloc > p.peak {
		p.peak = ms.HeapAlloc
	}
}

func benchExtract(b *testing.B, n int) {
	all := benchChats(b)
	if n == 0 {
		n = len(all)
	}
	if len(all) < n {
		b.Skipf("corpus has %d sessions, want %d", len(all), n)
	}
	sessions := all[:n]
	pr := &peakReader{}
	var i atomic.Int64
	var mu sync.Mutex
	read := func(ctx context.Context, s transcript.Session) ([]transcript.Message, error) {
		// Sample the heap every 500 sessions: ReadMemStats stops the world.
		if i.Add(1)%500 == 0 {
			mu.Lock()
			pr.sample()
			mu.Unlock()
		}
		return pr.read(ctx, s)
	}
	var res Result
	cpu0 := cpuTime()
	for b.Loop() {
		home := b.TempDir()
		mem := filepath.Join(home, "memory")
		if err := os.MkdirAll(mem, 0o700); err != nil {
			b.Fatal(err)
		}
		var err error
		res, err = Extract(context.Background(), Input{
			Dir: memdir.Shared(mem, filepath.Join(home, "GEMINI.md"), nil), Sessions: sessions, Read: read,
			Redact: fakeRedact, Now: time.Unix(0, 0),
		}, zerolog.Nop())
		if err != nil {
			b.Fatal(err)
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n)/1e3, "µs/session")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n)/1e3, "cpu-µs/session")
	b.ReportMetric(float64(pr.peak)/(1<<20), "MiB-live-peak")
	b.ReportMetric(float64(len(res.Candidates)), "candidates")
}

// BenchmarkExtract1k mines the first 1,000 main sessions.
func BenchmarkExtract1k(b *testing.B) { benchExtract(b, 1000) }

// BenchmarkExtract10k mines 10,000 main sessions.
func BenchmarkExtract10k(b *testing.B) { benchExtract(b, 10000) }

// BenchmarkExtractAll mines every main session the corpus has.
func BenchmarkExtractAll(b *testing.B) { benchExtract(b, 0) }
