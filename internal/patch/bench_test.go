package patch

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func benchMemory(b *testing.B) (mem, base string) {
	dir := b.TempDir()
	mem = filepath.Join(dir, "memory")
	os.MkdirAll(mem, 0o755)
	var sb strings.Builder
	sb.WriteString("# Project Memory\n\n- Run `go test ./...` before committing.\n- The API lives in internal/api.\n")
	for i := 4; i < 40; i++ {
		sb.WriteString("- line " + strconv.Itoa(i) + "\n")
	}
	return mem, sb.String()
}

func BenchmarkDryRun(b *testing.B) {
	mem, base := benchMemory(b)
	os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte(base), 0o644)
	p, err := Parse([]byte(typicalPatch(mem)))
	if err != nil {
		b.Fatal(err)
	}
	roots := Roots{MemoryDir: mem}
	for b.Loop() {
		if _, err := DryRun(p, roots, Private); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectLines(b *testing.B) {
	p, err := Parse([]byte(typicalPatch("/m")))
	if err != nil {
		b.Fatal(err)
	}
	sel := decide(p, pick{0, 0, nil, Apply}, pick{1, 0, []int{0, 2, 4}, Apply}, pick{1, 0, []int{1}, Dismiss})
	for b.Loop() {
		if _, _, err := Select(p, sel); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiff(b *testing.B) {
	_, base := benchMemory(b)
	next := strings.Replace(base, "- line 20\n", "- line 20\n- a new fact\n", 1) + "- appended\n"
	for b.Loop() {
		if Diff("/m/MEMORY.md", []byte(base), []byte(next)) == nil {
			b.Fatal("no diff")
		}
	}
}

// BenchmarkApply measures a whole Apply of the typical patch: read, parse,
// dry-run, stage, fsync, rename, fsync dirs, remove the patch.
func BenchmarkApply(b *testing.B) {
	mem, base := benchMemory(b)
	text := typicalPatch(mem)
	roots := Roots{MemoryDir: mem}
	pp := filepath.Join(filepath.Dir(mem), "x.patch")
	for b.Loop() {
		b.StopTimer()
		os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte(base), 0o644)
		os.Remove(filepath.Join(mem, "testing.md"))
		os.WriteFile(pp, []byte(text), 0o644)
		b.StartTimer()
		if _, err := applyFile(pp, roots, Private, CommitOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSelect200 cuts a 200-hunk patch with every third hunk applied,
// every third dismissed and the rest pending (the review's commit of a
// large item).
func BenchmarkSelect200(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n")
	for i := range 200 {
		sb.WriteString("@@ -" + strconv.Itoa(1+i*10) + ",2 +" + strconv.Itoa(1+i*11) + ",3 @@\n a\n+line " + strconv.Itoa(i) + "\n b\n")
	}
	p, err := Parse([]byte(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	sel := Selection{}
	for i, h := range p.Files[0].Hunks {
		sel[h] = Fill(h, Decision(i%3))
	}
	for b.Loop() {
		if _, _, err := Select(p, sel); err != nil {
			b.Fatal(err)
		}
	}
}
