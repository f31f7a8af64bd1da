package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// The scan benchmarks run over corpora written by the Gemini reference's
// own recorder (shared/tools/gref/gen-transcripts.mjs), which take minutes
// to generate, so they are not made here: scripts/bench.sh generates or
// reuses them and points AUTOMEM_BENCH_1K / AUTOMEM_BENCH_10K at their
// chats directories. A missing corpus skips its benchmark.

// benchNow matches the --now the bench corpora are generated with.
var benchNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

type benchCorpus struct {
	name, env, fallback string
}

var benchCorpora = []benchCorpus{
	{"1k", "AUTOMEM_BENCH_1K", "/tmp/c1k/home/.gemini/tmp/proj/chats"},
	{"10k", "AUTOMEM_BENCH_10K", "/tmp/c10k/home/.gemini/tmp/proj/chats"},
}

// corpusFiles lists a corpus and returns its chats dir and total size, or
// skips.
func corpusFiles(b *testing.B, c benchCorpus) ([]File, string, int64) {
	b.Helper()
	dir := os.Getenv(c.env)
	if dir == "" {
		dir = c.fallback
	}
	files, err := GeminiFiles(dir)
	if err != nil || len(files) == 0 {
		b.Skipf("corpus %s absent (%s): run scripts/bench.sh", c.name, dir)
	}
	var size int64
	for _, f := range files {
		if fi, err := os.Lstat(f.Path); err == nil && !f.Subagent {
			size += fi.Size()
		}
	}
	return files, dir, size
}

func benchOptions(cache *Cache) Options {
	var read func(string, transcript.Source) (transcript.Session, error)
	if os.Getenv("AUTOMEM_BENCH_SHARED_READ") != "" {
		read = func(p string, src transcript.Source) (transcript.Session, error) {
			return new(transcript.Reader).ReadSession(p, src)
		}
	}
	return Options{
		Now: benchNow, MinIdle: 3 * time.Hour, MinUserMessages: 10,
		Cache: cache, Read: read, Log: zerolog.Nop(),
	}
}

// BenchmarkScanCold lists and scans a whole corpus with no cache: every
// transcript is read (from the OS page cache once warm). SetBytes makes
// the MB/s column the transcript read throughput.
func BenchmarkScanCold(b *testing.B) {
	for _, c := range benchCorpora {
		b.Run(c.name, func(b *testing.B) {
			_, dir, size := corpusFiles(b, c)
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			var st Stats
			for i := 0; i < b.N; i++ {
				fs, err := GeminiFiles(dir)
				if err != nil {
					b.Fatal(err)
				}
				_, st = Scan(context.Background(), fs, benchOptions(nil))
			}
			b.ReportMetric(float64(st.Read), "files-read/op")
			if st.Read == 0 {
				b.Fatal("cold scan read nothing")
			}
		})
	}
}

// BenchmarkScanCached is the hourly re-scan of an unchanged corpus: load
// the cache, list, stat every file, judge, save (a no-op). It fails if any
// transcript byte is read.
func BenchmarkScanCached(b *testing.B) {
	for _, c := range benchCorpora {
		b.Run(c.name, func(b *testing.B) {
			_, dir, _ := corpusFiles(b, c)
			files, err := GeminiFilesLazy(dir)
			if err != nil {
				b.Fatal(err)
			}
			cachePath := filepath.Join(b.TempDir(), "scan.json")
			warm := OpenCache(cachePath)
			Scan(context.Background(), files, benchOptions(warm))
			if err := warm.Save(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			var st Stats
			for i := 0; i < b.N; i++ {
				cache := OpenCache(cachePath)
				fs, err := GeminiFilesLazy(dir)
				if err != nil {
					b.Fatal(err)
				}
				_, st = Scan(context.Background(), fs, benchOptions(cache))
				if err := cache.Save(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.BytesRead), "transcript-bytes/op")
			if fi, err := os.Stat(cachePath); err == nil {
				b.ReportMetric(float64(fi.Size()), "cache-bytes")
			}
			if st.Read != 0 || st.BytesRead != 0 {
				b.Fatalf("cached re-scan read %d files, %d bytes", st.Read, st.BytesRead)
			}
		})
	}
}
