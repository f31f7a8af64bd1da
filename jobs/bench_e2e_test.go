package jobs_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// BenchmarkE2ECycle times one whole LLM cycle (scan, lock, index, a
// three-turn conversation with the local model server, redaction,
// validation, record) over two sessions, and reports the bytes sent to
// the model per byte of transcript read (design §11: at most 0.2).
func BenchmarkE2ECycle(b *testing.B) {
	for _, size := range []struct {
		name   string
		turns  int
		output int
	}{{"small", 11, 200}, {"large", 60, 4000}} {
		b.Run(size.name, func(b *testing.B) {
			var sent, raw int64
			for b.Loop() {
				b.StopTimer()
				w := world.New(b)
				var paths []string
				for i := range 2 {
					turns := world.Steps(size.turns)
					for j := range turns {
						turns[j].Output = strings.Repeat(fmt.Sprintf("line %d of the build log: ok\n", j), size.output/30)
					}
					paths = append(paths, w.Gemini(b, world.Session{ID: fmt.Sprintf("%08x-1111-2222-3333-444455556666", i+1),
						Start: time.Date(2026, 5, 1, 9+i, 0, 0, 0, time.UTC), Turns: turns}))
				}
				for _, p := range paths {
					fi, err := os.Stat(p)
					if err != nil {
						b.Fatal(err)
					}
					raw += fi.Size()
				}
				srv := modeltest.PerConversation(b,
					modeltest.Tools(modeltest.Tool("read_file", "file_path", paths[0], "limit", 100000), modeltest.Tool("read_file", "file_path", paths[1], "limit", 100000)),
					modeltest.Done("nothing durable"))
				cfg := jobs.Config{
					GeminiDir: w.GeminiDir, CacheDir: w.CacheDir, Source: jobs.SourceGemini, Now: e2eNow,
					MinIdle: 3 * time.Hour, MinUserMessages: 10, IndexSize: 50, MaxNew: 10, Interval: 30 * time.Minute,
					LockStale: 35 * time.Minute, Log: zerolog.Nop(),
				}
				x := &jobs.LLM{Agent: agent.Config{BaseURL: srv.BaseURL, Model: "m", APIKey: credentials.NewSecret("k")}}
				b.StartTimer()
				rep, err := jobs.Run(context.Background(), cfg, jobs.Deps{Redactor: redactor(b), Extractor: x})
				b.StopTimer()
				if err != nil || rep.Projects[0].Status != jobs.StatusDone {
					b.Fatalf("run: %v %+v", err, rep)
				}
				for _, r := range srv.Requests() {
					sent += int64(len(r.Body))
				}
				srv.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(sent)/float64(raw), "sent/raw")
		})
	}
}
