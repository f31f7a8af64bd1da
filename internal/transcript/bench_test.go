package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// corpusFiles returns the Gemini transcripts of a gref-generated corpus.
func corpusFiles(tb testing.TB, dir string) ([]string, int64) {
	tb.Helper()
	var files []string
	var size int64
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && (filepath.Ext(p) == ".jsonl" || filepath.Ext(p) == ".json") {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			size += fi.Size()
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files, size
}

// BenchmarkReadSession scans a gref-generated corpus with the metadata-only
// reader. AUTOMEM_BENCH_CORPUS names an existing chats directory; otherwise a
// small corpus is generated (skipped without node and gref).
func BenchmarkReadSession(b *testing.B) {
	dir := os.Getenv("AUTOMEM_BENCH_CORPUS")
	if dir == "" {
		dir = genCorpus(b, 300, "--legacy-frac=0.1", "--migrated-frac=0.5", "--seed=11")
	}
	files, size := corpusFiles(b, dir)
	b.Run("reader", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		var rd Reader
		for b.Loop() {
			for _, f := range files {
				if _, err := rd.ReadSession(f, Gemini); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(len(files)), "files/op")
	})
	b.Run("oneshot", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, f := range files {
				if _, err := ReadSession(f, Gemini); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(len(files)), "files/op")
	})
}

// BenchmarkReadMessages measures the full read used for rendering, and the
// read without tool outputs the search index makes (no-outputs).
func BenchmarkReadMessages(b *testing.B) {
	dir := os.Getenv("AUTOMEM_BENCH_CORPUS")
	if dir == "" {
		dir = genCorpus(b, 100, "--seed=12")
	}
	files, size := corpusFiles(b, dir)
	for _, c := range []struct {
		name string
		rd   Reader
	}{{"full", Reader{}}, {"no-outputs", Reader{NoOutputs: true}}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			rd := c.rd
			for b.Loop() {
				for _, f := range files {
					if _, _, err := rd.ReadMessages(f, Gemini); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkWalkLines validates every line of a corpus's .jsonl files with
// the JSON walker alone (no file I/O, no session logic): the cost of
// skipString and its checks, isolated from the noise of a full read.
func BenchmarkWalkLines(b *testing.B) {
	dir := os.Getenv("AUTOMEM_BENCH_CORPUS")
	if dir == "" {
		dir = genCorpus(b, 100, "--migrated-frac=0.5", "--seed=11")
	}
	files, _ := corpusFiles(b, dir)
	var lines [][]byte
	var size int64
	for _, f := range files {
		if filepath.Ext(f) != ".jsonl" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(l) > 0 {
				lines = append(lines, l)
				size += int64(len(l))
			}
		}
	}
	b.SetBytes(size)
	for b.Loop() {
		for _, l := range lines {
			_ = eachField(l, func(k, v []byte) {})
		}
	}
}
