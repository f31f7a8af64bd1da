package render

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/transcript"
)

type corpusFile struct {
	path string
	src  transcript.Source
}

func corpusFiles(t testing.TB) []corpusFile {
	t.Helper()
	var out []corpusFile
	walk := func(root string, src transcript.Source, match func(string) bool) {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && match(p) {
				out = append(out, corpusFile{p, src})
			}
			return nil
		})
	}
	isJSONL := func(p string) bool { return strings.HasSuffix(p, ".jsonl") || strings.HasSuffix(p, ".json") }
	walk("testdata/gref-medium", transcript.Gemini, isJSONL)
	walk("../../testdata/transcripts/gemini", transcript.Gemini, isJSONL)
	walk("../../testdata/transcripts/claude", transcript.Claude, isJSONL)
	walk("../../testdata/transcripts/codex/sessions", transcript.Codex, isJSONL)
	walk("../../testdata/transcripts/antigravity/brain", transcript.Antigravity, isJSONL)
	if len(out) < 6 {
		t.Fatalf("only %d transcripts found", len(out))
	}
	return out
}

func hook(t testing.TB) Redact {
	r, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r.Hook(context.Background(), func(err error) { t.Errorf("redaction failed: %v", err) }, nil)
}

// Every real-format transcript renders without raw JSON, with one header
// per genuine human turn carrying that turn's text.
func TestRealTranscripts(t *testing.T) {
	red := hook(t)
	for _, f := range corpusFiles(t) {
		t.Run(strings.TrimPrefix(f.path, "../../"), func(t *testing.T) {
			sess, msgs, err := transcript.ReadMessages(f.path, f.src)
			if err != nil {
				t.Skipf("not a session: %v", err)
			}
			r := Transcript(sess, msgs, red, Options{})
			got := strings.Join(r.Lines, "\n")
			if n := strings.Count(got, " user (human)"); n != sess.UserMessages {
				t.Errorf("%d human headers, session counts %d", n, sess.UserMessages)
			}
			for _, m := range msgs {
				if !m.Human {
					continue
				}
				first, _, _ := strings.Cut(strings.TrimSpace(m.Text), "\n")
				if first = red(first); len(first) > 60 {
					first = first[:60]
				}
				if !strings.Contains(got, first) {
					t.Errorf("human text %q missing", first)
				}
			}
			for _, raw := range []string{`"functionResponse"`, `"toolCalls"`, `"$set"`, `"parentUuid"`, `"type":"response_item"`, `"step_index"`, `<USER_REQUEST>`} {
				if strings.Contains(got, raw) {
					t.Errorf("raw record field %s leaked into the rendering", raw)
				}
			}
			if !strings.HasSuffix(r.Page(0, 0), "lines]\n") {
				t.Errorf("single page has no end footer")
			}
		})
	}
}

// The rendering of the gref corpus is at most a fifth of the raw bytes.
func TestRatioOnGrefCorpus(t *testing.T) {
	raw, out := renderCorpus(t, "testdata/gref-medium", hook(t))
	ratio := float64(out) / float64(raw)
	t.Logf("rendered %d of %d raw bytes: ratio %.3f", out, raw, ratio)
	if ratio > 0.2 {
		t.Fatalf("ratio %.3f over 1/5", ratio)
	}
}

func renderCorpus(t testing.TB, dir string, red Redact) (raw, out int) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Skip("no transcripts in " + dir)
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := File(f, transcript.Gemini, red, Options{})
		if err != nil {
			t.Fatal(err)
		}
		raw += int(fi.Size())
		for _, l := range r.Lines { // as Page sends it, without footers
			out += len(l) + 1
		}
	}
	return raw, out
}

// BenchmarkRenderRatio renders real-format Gemini transcripts
// ($AUTOMEM_GREF_CORPUS, a gen-transcripts.mjs --size=medium directory, or
// the committed sample) through the real redactor and reports rendered
// bytes / raw bytes.
func BenchmarkRenderRatio(b *testing.B) {
	dir := os.Getenv("AUTOMEM_GREF_CORPUS")
	if dir == "" {
		dir = "testdata/gref-medium"
	}
	red := hook(b)
	var raw, out int
	start := cpuTime()
	for b.Loop() {
		raw, out = renderCorpus(b, dir, red)
	}
	if used := cpuTime() - start; used > 0 {
		b.ReportMetric(float64(raw)*float64(b.N)/used.Seconds()/1e6, "MB/cpu-s")
	}
	b.SetBytes(int64(raw))
	b.ReportMetric(float64(out)/float64(raw), "ratio")
}

// cpuTime is this process's user+system CPU time: on a shared machine,
// throughput per CPU-second says more than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
