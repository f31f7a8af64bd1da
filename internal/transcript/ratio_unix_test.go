//go:build unix

package transcript

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
)

// grefScanScript times Gemini CLI's real scanEligibleSessions (through
// gref's lib.mjs) in wall-clock and process CPU time, best of two runs.
const grefScanScript = `
const lib = await import(process.env.GREF_TOOLS + '/lib.mjs');
lib.quietLibraryConsole();
const ms = await lib.importMemoryServiceWithScan();
let best = null;
for (let i = 0; i < 2; i++) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await ms.__grefScanEligibleSessions(process.argv[1]);
  const c = process.cpuUsage(c0); const wall = performance.now() - t0;
  const cpu = (c.user + c.system) / 1000;
  if (!best || wall < best.wallMs) best = { wallMs: wall, cpuMs: cpu };
}
process.stdout.write(JSON.stringify(best) + "\n");
`

// BenchmarkScanVsGemini reads a gref corpus with ReadSession and reports how
// many times faster that is than Gemini CLI's own scan of the same files, by
// wall clock and by CPU time (the fair figure on a busy machine). Set
// AUTOMEM_BENCH_CORPUS to a chats directory (e.g. 10,000 sessions from
// gen-transcripts.mjs) for the design's figure; otherwise a small corpus is
// generated. Skipped without node and gref.
func BenchmarkScanVsGemini(b *testing.B) {
	dir := os.Getenv("AUTOMEM_BENCH_CORPUS")
	if dir == "" {
		dir = genCorpus(b, 300, "--legacy-frac=0.1", "--migrated-frac=0.5", "--seed=11")
	}
	tools := gref.Require(b)
	cmd := exec.Command("node", "--input-type=module", "-e", grefScanScript, dir)
	cmd.Env = append(os.Environ(), "GREF_DIR="+gref.InstallDir(), "GREF_TOOLS="+tools)
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("node scan: %v", err)
	}
	var ref struct{ WallMs, CPUMs float64 }
	if err := json.Unmarshal(out, &ref); err != nil {
		b.Fatalf("node scan output %q: %v", out, err)
	}
	files, size := corpusFiles(b, dir)
	b.SetBytes(size)
	var rd Reader
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			if _, err := rd.ReadSession(f, Gemini); err != nil && filepath.Ext(f) != "" {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	n := float64(b.N)
	goWall := float64(b.Elapsed().Milliseconds()) / n
	goCPU := float64((cpuTime() - cpu0).Milliseconds()) / n
	b.ReportMetric(ref.WallMs, "gemini-wall-ms")
	b.ReportMetric(ref.CPUMs, "gemini-cpu-ms")
	if goWall > 0 {
		b.ReportMetric(ref.WallMs/goWall, "x-faster-wall")
	}
	if goCPU > 0 {
		b.ReportMetric(ref.CPUMs/goCPU, "x-faster-cpu")
	}
}

// cpuTime is this process's user plus system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
