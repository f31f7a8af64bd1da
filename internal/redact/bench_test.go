package redact

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is this process's user+system CPU time. Benchmarks report
// throughput per CPU-second too, because wall time on a shared machine
// measures the neighbours as much as the code.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds an MB per CPU-second metric.
func reportCPU(b *testing.B, start time.Duration, bytes int64) {
	if used := cpuTime() - start; used > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/used.Seconds()/1e6, "MB/cpu-s")
	}
}

// transcriptLines loads real-format Gemini transcripts: $AUTOMEM_GREF_CORPUS
// (a directory of gen-transcripts.mjs output) if set, else the small sample
// committed for the render package.
func transcriptLines(b *testing.B) ([]string, int) {
	b.Helper()
	dir := os.Getenv("AUTOMEM_GREF_CORPUS")
	if dir == "" {
		dir = "../render/testdata/gref-medium"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		b.Skip("no transcripts in " + dir)
	}
	var lines []string
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
			total += len(sc.Text())
		}
	}
	return lines, total
}

// BenchmarkRedactTranscriptLines redacts every JSONL record of real-format
// transcripts one by one (the way gitleaks was measured: per line).
func BenchmarkRedactTranscriptLines(b *testing.B) {
	r := newTest(b)
	lines, total := transcriptLines(b)
	ctx := context.Background()
	b.SetBytes(int64(total))
	b.ResetTimer()
	start := cpuTime()
	defer func() { reportCPU(b, start, int64(total)) }()
	for b.Loop() {
		for _, l := range lines {
			if _, _, err := r.Text(ctx, l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRedactLargeMessage redacts one 8 MiB text (many fragments),
// the case where gitleaks took 26 s for a single 8 MiB fragment.
func BenchmarkRedactLargeMessage(b *testing.B) {
	r := newTest(b)
	lines, _ := transcriptLines(b)
	var sb strings.Builder
	for sb.Len() < 8<<20 {
		for _, l := range lines {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	start := cpuTime()
	defer func() { reportCPU(b, start, int64(len(text))) }()
	for b.Loop() {
		r.Redact(text)
	}
}

// BenchmarkNew is the start-up cost of compiling the rule set.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDenseSecrets is the adversarial case: one 1 MiB line made of
// nothing but assignments, every one a candidate. It must stay linear.
func BenchmarkDenseSecrets(b *testing.B) {
	r := newTest(b)
	for _, unit := range []string{"password=abc123456; ", "token: x ", `api_key="abcdefgh12" `, "ey "} {
		text := strings.Repeat(unit, (1<<20)/len(unit))
		b.Run(strings.Fields(unit)[0], func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			start := cpuTime()
			defer func() { reportCPU(b, start, int64(len(text))) }()
			for b.Loop() {
				r.Redact(text)
			}
		})
	}
}
