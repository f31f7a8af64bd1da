package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkDryRunCached is `extract --dry-run --json` over an unchanged
// corpus with a warm scan cache, in process (scripts/bench.sh times the
// whole process): discovery, cache load, listing, a stat per file, the
// index and the JSON report of every session. The corpus is the 10,000
// session one of scripts/bench.sh (AUTOMEM_BENCH_10K, its chats dir); a
// missing corpus skips.
func BenchmarkDryRunCached(b *testing.B) {
	chats := os.Getenv("AUTOMEM_BENCH_10K")
	if chats == "" {
		chats = "/tmp/c10k/home/.gemini/tmp/proj/chats"
	}
	home := strings.TrimSuffix(chats, "/.gemini/tmp/proj/chats")
	if _, err := os.Stat(chats); err != nil || home == chats {
		b.Skipf("corpus absent (%s): run scripts/bench.sh", chats)
	}
	b.Setenv("HOME", home)
	b.Setenv("GEMINI_CLI_HOME", "")
	args := []string{"--dry-run", "--json", "--now", "2026-11-30T00:00:00Z", "--cache-dir", filepath.Join(b.TempDir(), "cache"), "--log-level", "error"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
		b.Fatalf("exit %d: %s", code, errb.String())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		out.Reset()
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
	b.ReportMetric(float64(out.Len()), "report-bytes")
}
