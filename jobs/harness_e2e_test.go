package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/jobs"
)

// e2eNow is the reference time of every end-to-end run; the sessions end
// a day before it, so they are idle.
var e2eNow = time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)

// e2e is one world with two offered Gemini sessions and a model server.
type e2e struct {
	w        *world.World
	srv      *modeltest.Server
	paths    []string // transcripts
	ids      []string // their session ids
	log      *syncBuffer
	sleeps   []time.Duration
	sleepsMu sync.Mutex
}

// syncBuffer collects the JSON log of a run.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newE2E(t *testing.T) *e2e {
	t.Helper()
	e := &e2e{w: world.New(t), log: &syncBuffer{}}
	for i, id := range []string{"aaaaaaaa-1111-2222-3333-444455556666", "bbbbbbbb-1111-2222-3333-444455556666"} {
		s := world.Session{ID: id, Start: time.Date(2026, 5, 1, 9+i, 0, 0, 0, time.UTC), Title: fmt.Sprintf("Session %d", i),
			Turns: world.Steps(11)}
		e.paths = append(e.paths, e.w.Gemini(t, s))
		e.ids = append(e.ids, id)
	}
	return e
}

func (e *e2e) config() jobs.Config {
	return jobs.Config{
		GeminiDir: e.w.GeminiDir, ClaudeDir: e.w.ClaudeDir, CodexHome: e.w.CodexHome, CacheDir: e.w.CacheDir,
		StateDir: filepath.Join(e.w.XDGState, "automem"),
		Source:   jobs.SourceGemini, Now: e2eNow, MinIdle: 3 * time.Hour, MinUserMessages: 10, IndexSize: 50, MaxNew: 10,
		Interval: 30 * time.Minute, LockStale: 35 * time.Minute,
		Log: zerolog.New(e.log).Level(zerolog.InfoLevel),
	}
}

func (e *e2e) llm(mut ...func(*agent.Config)) *jobs.LLM {
	c := agent.Config{
		BaseURL: e.srv.BaseURL, Model: "fake-model", APIKey: credentials.NewSecret("sk-test-e2e"),
		MaxTurns: 30, MaxTime: time.Minute, RequestTimeout: 10 * time.Second,
		Sleep: func(ctx context.Context, d time.Duration) error {
			e.sleepsMu.Lock()
			e.sleeps = append(e.sleeps, d)
			e.sleepsMu.Unlock()
			return ctx.Err()
		},
	}
	for _, m := range mut {
		m(&c)
	}
	return &jobs.LLM{Agent: c}
}

var (
	redOnce sync.Once
	redVal  *redact.Redactor
	redErr  error
)

func redactor(t testing.TB) *redact.Redactor {
	redOnce.Do(func() { redVal, redErr = redact.New(redact.Options{}) })
	if redErr != nil {
		t.Fatal(redErr)
	}
	return redVal
}

// run runs one cycle with the LLM extractor.
func (e *e2e) run(t *testing.T, cfg jobs.Config, x jobs.Extractor) (jobs.Report, error) {
	t.Helper()
	return jobs.Run(context.Background(), cfg, jobs.Deps{Redactor: redactor(t), Extractor: x})
}

// project returns the only project of a report.
func project(t *testing.T, rep jobs.Report) jobs.ProjectReport {
	t.Helper()
	if len(rep.Projects) != 1 {
		t.Fatalf("report has %d projects, want 1: %+v", len(rep.Projects), rep)
	}
	return rep.Projects[0]
}

// stateFile is the state as Gemini CLI and we read it.
type stateFile struct {
	Runs []struct {
		RunAt                   string   `json:"runAt"`
		SessionIDs              []string `json:"sessionIds"`
		MemoryCandidatesCreated []string `json:"memoryCandidatesCreated"`
		MemoryFilesUpdated      []string `json:"memoryFilesUpdated"`
		SkillsCreated           []string `json:"skillsCreated"`
		TurnCount               float64  `json:"turnCount"`
		TerminateReason         string   `json:"terminateReason"`
		CandidateSessions       []struct {
			SessionID, LastUpdated string
		} `json:"candidateSessions"`
		ProcessedSessions []struct {
			SessionID, LastUpdated string
		} `json:"processedSessions"`
		Status             string `json:"status"`
		Error              string `json:"error"`
		Extractor          string `json:"extractor"`
		CandidatesCreated  int    `json:"candidatesCreated"`
		CandidatesRejected int    `json:"candidatesRejected"`
		BytesSent          int64  `json:"bytesSent"`
		Verdicts           []struct {
			SessionID string `json:"sessionId"`
			Verdict   string `json:"verdict"`
		} `json:"verdicts"`
	} `json:"runs"`
}

func readState(t testing.TB, path string) stateFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("state file: %v", err)
	}
	var st stateFile
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatalf("state file does not parse: %v\n%s", err, data)
	}
	return st
}

func (st stateFile) processed(i int) []string {
	var out []string
	for _, p := range st.Runs[i].ProcessedSessions {
		out = append(out, p.SessionID)
	}
	return out
}

func (st stateFile) verdicts(i int) map[string]string {
	out := map[string]string{}
	for _, v := range st.Runs[i].Verdicts {
		out[v.SessionID] = v.Verdict
	}
	return out
}

// memoryPatch adds one line to the initial MEMORY.md of a world.
func memoryPatch(w *world.World, line string) string {
	p := filepath.Join(w.MemoryDir, "MEMORY.md")
	return fmt.Sprintf("--- %s\n+++ %s\n@@ -1,3 +1,4 @@\n # Project Memory\n \n - Build with make.\n+%s\n", p, p, line)
}

const skillDraft = "---\nname: run-tests\ndescription: Run the whole test suite before committing\n---\n# Run the tests\n\n1. Run `go test ./...` from the repository root.\n2. Fix failures before committing.\n"

// goodTurns reads both offered sessions, writes a memory patch and a skill
// draft, and completes.
func (e *e2e) goodTurns() []modeltest.Turn {
	return []modeltest.Turn{
		modeltest.Tools(modeltest.Tool("read_file", "file_path", e.paths[0]), modeltest.Tool("read_file", "file_path", e.paths[1])),
		modeltest.Tools(
			modeltest.Tool("write_file", "file_path", e.w.PrivatePatch(), "content", memoryPatch(e.w, "- Run `go test ./...` before committing.")),
			modeltest.Tool("write_file", "file_path", "skills/run-tests/SKILL.md", "content", skillDraft)),
		modeltest.Done("one memory line and one skill"),
	}
}

// noneLeft fails when the bodies sent to the model contain any of the
// given texts.
func noneLeft(t *testing.T, what, bodies string, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if s != "" && strings.Contains(bodies, s) {
			t.Errorf("%s contains %q", what, s)
		}
	}
}

// canaryLines are the recognisable lines of the canary files.
func canaryLines() []string {
	var out []string
	for _, c := range []string{world.Bashrc, world.IDRSA, world.Outside} {
		for _, l := range strings.Split(c, "\n") {
			if len(l) > 12 && !strings.HasPrefix(l, "-----") {
				out = append(out, l)
			}
		}
	}
	return out
}
