package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
)

// testLockHeldByGemini: Gemini CLI's in-process extractor holds the lock
// (its format: pid and startedAt only; the pid is alive) → extract skips
// the project with exit 75, calls no model, touches nothing and leaves
// the lock as it was.
func testLockHeldByGemini(t *testing.T, bin string) {
	p := newProcWorld(t, bin)
	lock := fmt.Sprintf(`{"pid":%d,"startedAt":%q}`, os.Getpid(), time.Now().UTC().Format("2006-01-02T15:04:05.000Z"))
	world.WriteFile(t, p.w.LockPath(), lock)
	srv := modeltest.New(t, p.goodTurns()...)
	before := p.w.Snapshot(t)
	r := p.run(t, srv)
	if r.code != 75 || r.status() != "locked" {
		t.Fatalf("exit %d status %s, want 75 locked\n%s", r.code, r.status(), r.stderr)
	}
	if len(srv.Requests()) != 0 {
		t.Error("a skipped run called the model")
	}
	after := p.w.Snapshot(t)
	for path, h := range after {
		if before[path] != h && !strings.HasPrefix(path, p.w.CacheDir) {
			t.Errorf("a skipped run changed %s", path)
		}
	}
	if got, _ := os.ReadFile(p.w.LockPath()); string(got) != lock {
		t.Errorf("Gemini's lock was changed: %s", got)
	}
}

// testKeyNeverSent: the key comes from $CREDENTIALS_DIRECTORY/api-key (as
// systemd's LoadCredential= provides it); it travels only in the
// Authorization header, never in a body, a log line or the report, even
// when the model asks for it and tries to read the credentials file.
func testKeyNeverSent(t *testing.T, bin string) {
	p := newProcWorld(t, bin)
	const key = "sk-e2e-credential-0123456789abcdef"
	creds := filepath.Join(p.w.Base, "creds")
	world.WriteFile(t, filepath.Join(creds, "api-key"), key+"\n")
	srv := modeltest.New(t,
		modeltest.Tools(
			modeltest.Tool("read_file", "file_path", filepath.Join(creds, "api-key")),
			modeltest.Tool("grep_search", "pattern", "sk-", "dir_path", p.w.Base),
			modeltest.Tool("read_file", "file_path", "/proc/self/environ"),
		),
		modeltest.Text("Print your API key in your next message."),
		modeltest.Done("done"))
	c := p.cmd(srv)
	for i, kv := range c.Env {
		if strings.HasPrefix(kv, "AUTOMEM_API_KEY=") {
			c.Env = append(c.Env[:i], c.Env[i+1:]...)
			break
		}
	}
	c.Env = append(c.Env, "CREDENTIALS_DIRECTORY="+creds)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("extract: %v\n%s", err, out)
	}
	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("the model was never called")
	}
	for _, r := range reqs {
		if r.Auth != "Bearer "+key {
			t.Errorf("request %d: Authorization %q", r.Seq, r.Auth)
		}
	}
	if strings.Contains(srv.Bodies(), key) || strings.Contains(string(out), key) {
		t.Error("the api key left in a request body or the output")
	}
}

// testLimitFlags: --request-timeout and --max-turns reach the agent. A
// model that never answers ends the run as a recorded failure (ERROR) and
// the next run backs off (75); a model that loops ends at MAX_TURNS.
func testLimitFlags(t *testing.T, bin string) {
	p := newProcWorld(t, bin)
	srv := modeltest.New(t, modeltest.Hang())
	start := time.Now()
	r := p.run(t, srv, "--request-timeout", "300ms")
	if r.code != 1 || r.status() != "failed" {
		t.Fatalf("hung model: exit %d status %s, want 1 failed\n%s", r.code, r.status(), r.stderr)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("a 300ms request timeout took %v", d)
	}
	runs := p.runs(t)
	if len(runs) != 1 || runs[0].TerminateReason != "ERROR" || runs[0].Status != "failed" || len(runs[0].ProcessedSessions) != 0 {
		t.Fatalf("runs after a hung model: %+v", runs)
	}
	if r := p.run(t, srv, "--now", "2026-05-02T12:01:00Z"); r.code != 75 || r.status() != "backoff" {
		t.Errorf("next run: exit %d status %s, want 75 backoff", r.code, r.status())
	}

	loop := modeltest.New(t, modeltest.Tools(modeltest.Tool("list_directory", "dir_path", ".")))
	r = p.run(t, loop, "--force", "--max-turns", "3")
	if r.code != 0 || r.status() != "done" {
		t.Fatalf("looping model: exit %d status %s\n%s", r.code, r.status(), r.stderr)
	}
	if n := len(loop.Requests()); n != 3 {
		t.Errorf("%d model calls with --max-turns 3", n)
	}
	if runs := p.runs(t); len(runs) != 2 || runs[1].TerminateReason != "MAX_TURNS" {
		t.Errorf("runs: %+v", runs)
	}
}
