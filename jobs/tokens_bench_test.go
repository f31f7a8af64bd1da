package jobs_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// nextPage finds a rendering's "call read_file with offset=N" footer.
var nextPage = regexp.MustCompile(`call read_file with offset=(\d+) to continue`)

// pagingModel is the test model of the token measures: it reads every
// offered transcript to its end, page by page, then the memory file,
// writes one patch and completes — what a diligent model costs.
func pagingModel(w *world.World, paths []string) func(*modeltest.Request) modeltest.Turn {
	var mu sync.Mutex
	i, path, wrote := 0, "", false
	return func(r *modeltest.Request) modeltest.Turn {
		mu.Lock()
		defer mu.Unlock()
		if r.TurnIndex() == 0 {
			i, path, wrote = 0, "", false
		}
		if m := nextPage.FindStringSubmatch(r.LastTool()); m != nil && path != "" {
			off, _ := strconv.Atoi(m[1])
			return modeltest.Tools(modeltest.Tool("read_file", "file_path", path, "offset", off))
		}
		switch {
		case i < len(paths):
			path = paths[i]
			i++
			return modeltest.Tools(modeltest.Tool("read_file", "file_path", path))
		case i == len(paths):
			i++
			path = ""
			return modeltest.Tools(modeltest.Tool("read_file", "file_path", filepath.Join(w.MemoryDir, "MEMORY.md")))
		case !wrote:
			wrote = true
			return modeltest.Tools(modeltest.Tool("write_file", "file_path", w.PrivatePatch(), "content", memoryPatch(w, "- Run `go test ./...` before committing.")))
		}
		return modeltest.Done("done")
	}
}

// BenchmarkTokensPerSession runs the whole cycle over the reference
// corpus (Gemini CLI transcripts written by its own recorder,
// internal/render/testdata/gref-medium, or $AUTOMEM_GREF_CORPUS) with the
// paging test model, and reports the prompt tokens the model was sent per
// processed session (counted by the test server's tokenizer), with page
// elision on (--elide-after 1, the default) and off.
func BenchmarkTokensPerSession(b *testing.B) {
	dir := os.Getenv("AUTOMEM_GREF_CORPUS")
	if dir == "" {
		dir = "../internal/render/testdata/gref-medium"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		b.Skip("no transcripts in " + dir)
	}
	if len(files) > 10 {
		files = files[:10] // one run offers at most --max-new sessions
	}
	for _, elide := range []int{1, 0} {
		b.Run("elide="+strconv.Itoa(elide), func(b *testing.B) {
			var in, out, sent, sessions, requests int64
			var estIn, estBytes int64
			for b.Loop() {
				b.StopTimer()
				w := world.New(b)
				var paths []string
				for _, f := range files {
					data, err := os.ReadFile(f)
					if err != nil {
						b.Fatal(err)
					}
					p := filepath.Join(w.ChatsDir, filepath.Base(f))
					world.WriteFile(b, p, string(data))
					paths = append(paths, p)
				}
				cfg := jobs.Config{
					GeminiDir: w.GeminiDir, CacheDir: w.CacheDir, Source: jobs.SourceGemini,
					Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), MinIdle: 3 * time.Hour, MinUserMessages: 1,
					IndexSize: 50, MaxNew: 10, Interval: 30 * time.Minute, LockStale: 35 * time.Minute, Log: zerolog.Nop(),
					Budget: jobs.Budget{Model: "m", ElideAfter: elide},
				}
				dry := cfg
				dry.DryRun = true
				rep, err := jobs.Run(context.Background(), dry, jobs.Deps{Redactor: redactor(b)})
				if err != nil || rep.Projects[0].Estimate == nil {
					b.Fatalf("dry run: %v %+v", err, rep)
				}
				estIn += rep.Projects[0].Estimate.TokensIn
				estBytes += rep.Projects[0].Estimate.BytesSent
				srv := modeltest.NewFunc(b, pagingModel(w, paths))
				x := &jobs.LLM{Agent: agent.Config{BaseURL: srv.BaseURL, Model: "m", APIKey: credentials.NewSecret("k"), MaxTurns: 200, ElideAfterTurns: elide}}
				b.StartTimer()
				rep, err = jobs.Run(context.Background(), cfg, jobs.Deps{Redactor: redactor(b), Extractor: x})
				b.StopTimer()
				if err != nil || rep.Projects[0].Status != jobs.StatusDone {
					b.Fatalf("run: %v %+v", err, rep)
				}
				u := srv.Usage()
				in += int64(u.PromptTokens)
				out += int64(u.CompletionTokens)
				for _, r := range srv.Requests() {
					sent += int64(len(r.Body))
				}
				requests += int64(len(srv.Requests()))
				st := readState(b, w.StatePath())
				sessions += int64(len(st.processed(len(st.Runs) - 1)))
				srv.Close()
				b.StartTimer()
			}
			if sessions == 0 {
				b.Fatal("no session processed")
			}
			b.ReportMetric(float64(in)/float64(sessions), "in-tokens/session")
			b.ReportMetric(float64(out)/float64(sessions), "out-tokens/session")
			b.ReportMetric(float64(sent)/float64(sessions), "bytes-sent/session")
			b.ReportMetric(float64(requests)/float64(sessions), "requests/session")
			b.ReportMetric(float64(estIn)/float64(in), "est-tokens/actual")
			b.ReportMetric(float64(estBytes)/float64(sent), "est-bytes/actual")
		})
	}
}
