package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
)

// e2eNow is the --now of every process test; the sessions end a day before.
const e2eNow = "2026-05-02T12:00:00Z"

// buildBinaries builds extract (and inbox) into dir with the go tool that
// runs the test.
func buildBinaries(t *testing.T, dir string, pkgs ...string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = "/usr/local/go/bin/go"
	}
	for _, p := range pkgs {
		out, err := exec.Command(goTool, "build", "-o", filepath.Join(dir, filepath.Base(p)), "github.com/automem/automem/"+p).CombinedOutput()
		if err != nil {
			t.Fatalf("go build %s: %v\n%s", p, err, out)
		}
	}
}

// procWorld is a world with two offered Gemini sessions and the extract
// binary built beside it.
type procWorld struct {
	w     *world.World
	bin   string
	paths []string
	ids   []string
}

// newProcWorld makes a world whose processes run the binaries in bin.
func newProcWorld(t *testing.T, bin string) *procWorld {
	t.Helper()
	p := &procWorld{w: world.New(t), bin: bin}
	for i, id := range []string{"aaaaaaaa-1111-2222-3333-444455556666", "bbbbbbbb-1111-2222-3333-444455556666"} {
		p.paths = append(p.paths, p.w.Gemini(t, world.Session{ID: id,
			Start: time.Date(2026, 5, 1, 9+i, 0, 0, 0, time.UTC), Turns: world.Steps(11)}))
		p.ids = append(p.ids, id)
	}
	return p
}

// cmd prepares an extract process against srv.
func (p *procWorld) cmd(srv *modeltest.Server, args ...string) *exec.Cmd {
	base := []string{"--extractor", "llm", "--base-url", srv.BaseURL, "--model", "fake-model", "--now", e2eNow, "--json"}
	c := exec.Command(filepath.Join(p.bin, "extract"), append(base, args...)...)
	c.Env = append(p.w.Env(), "AUTOMEM_API_KEY=sk-test-e2e")
	c.Dir = p.w.Base
	return c
}

// result is one finished process.
type result struct {
	code           int
	stdout, stderr string
	report         struct {
		Projects []struct {
			Status     string         `json:"status"`
			Error      string         `json:"error"`
			Candidates map[string]int `json:"candidates"`
		} `json:"projects"`
	}
}

func (p *procWorld) run(t *testing.T, srv *modeltest.Server, args ...string) result {
	t.Helper()
	c := p.cmd(srv, args...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err := c.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if out.Len() > 0 {
		if err := json.Unmarshal(out.Bytes(), &r.report); err != nil {
			t.Errorf("report is not JSON: %v\n%s", err, out.String())
		}
	}
	return r
}

func (r result) status() string {
	if len(r.report.Projects) != 1 {
		return fmt.Sprintf("<%d projects>", len(r.report.Projects))
	}
	return r.report.Projects[0].Status
}

// stateRuns decodes the state file ({} when missing).
type stateRun struct {
	TerminateReason   string `json:"terminateReason"`
	Status            string `json:"status"`
	Error             string `json:"error"`
	ProcessedSessions []struct {
		SessionID string `json:"sessionId"`
	} `json:"processedSessions"`
	CandidateSessions []struct {
		SessionID string `json:"sessionId"`
	} `json:"candidateSessions"`
}

func (p *procWorld) runs(t *testing.T) []stateRun {
	t.Helper()
	data, err := os.ReadFile(p.w.StatePath())
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Runs []stateRun `json:"runs"`
	}
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatalf("state file does not parse: %v\n%s", err, data)
	}
	return st.Runs
}

// processed counts how often each session was marked processed.
func processed(runs []stateRun) map[string]int {
	out := map[string]int{}
	for _, r := range runs {
		for _, s := range r.ProcessedSessions {
			out[s.SessionID]++
		}
	}
	return out
}

// goodTurns: read both sessions, write a memory patch, complete.
func (p *procWorld) goodTurns() []modeltest.Turn {
	mem := filepath.Join(p.w.MemoryDir, "MEMORY.md")
	patch := fmt.Sprintf("--- %s\n+++ %s\n@@ -1,3 +1,4 @@\n # Project Memory\n \n - Build with make.\n+- Run `go test ./...` before committing.\n", mem, mem)
	return []modeltest.Turn{
		modeltest.Tools(modeltest.Tool("read_file", "file_path", p.paths[0]), modeltest.Tool("read_file", "file_path", p.paths[1])),
		modeltest.Tools(modeltest.Tool("write_file", "file_path", p.w.PrivatePatch(), "content", patch)),
		modeltest.Done("one memory line"),
	}
}

// ageStateTemps sets back the mtime of the state writer's temp files, as
// if the crash happened minutes ago: the writer removes only temps older
// than a minute (a younger one may belong to a live writer).
func (p *procWorld) ageStateTemps(t *testing.T) int {
	t.Helper()
	ents, _ := os.ReadDir(p.w.MemoryDir)
	n := 0
	old := time.Now().Add(-2 * time.Minute)
	for _, e := range ents {
		if target, ok := atomicfile.TempOf(e.Name()); ok && target == ".extraction-state.json" {
			must(t, os.Chtimes(filepath.Join(p.w.MemoryDir, e.Name()), old, old))
			n++
		}
	}
	return n
}

// noOrphans fails when the memory dir holds a file that is neither ours
// nor a candidate: a temp file or half-written file left by a crash. (The
// lock's presence is each test's own assertion.)
func (p *procWorld) noOrphans(t *testing.T) {
	t.Helper()
	_ = filepath.WalkDir(p.w.MemoryDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(p.w.MemoryDir, path)
		switch {
		case rel == "MEMORY.md", rel == ".extraction-state.json", rel == ".extraction.lock.guard", rel == ".extraction.lock",
			rel == ".inbox/private/extraction.patch", strings.HasPrefix(rel, ".automem/"), strings.HasPrefix(rel, "skills/"):
		default:
			t.Errorf("unexpected file in the memory dir: %s", rel)
		}
		return nil
	})
}
