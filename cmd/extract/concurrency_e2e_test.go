package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/world"
)

// offeredPaths are the transcript paths the index of a first user message
// ends its lines with.
var offeredPaths = regexp.MustCompile(`(/[^\s"]+\.jsonl)`)

// readOffered is a per-conversation script: read every offered transcript
// (after a delay that widens the race window), then complete.
func readOffered(delay time.Duration) func(r *modeltest.Request) modeltest.Turn {
	return func(r *modeltest.Request) modeltest.Turn {
		if r.TurnIndex() > 0 {
			return modeltest.Done("read them")
		}
		var calls []modeltest.Call
		for _, p := range offeredPaths.FindAllString(r.FirstUser(), -1) {
			if strings.Contains(p, "/chats/") {
				calls = append(calls, modeltest.Tool("read_file", "file_path", p))
			}
		}
		if len(calls) == 0 {
			return modeltest.Turn{Delay: delay, Calls: []modeltest.Call{modeltest.Tool("complete_task", "result", "none")}}
		}
		return modeltest.Turn{Delay: delay, Calls: calls}
	}
}

// barrier starts processes that all block reading a FIFO until release
// writes one line per process, so they race for the lock within the same
// instant. The test holds the FIFO open read-write from the start, so a
// late process never blocks opening it, and a line is consumed by exactly
// one shell read.
type barrier struct {
	fifo string
	f    *os.File
}

func newBarrier(t *testing.T, dir string, round int) *barrier {
	b := &barrier{fifo: filepath.Join(dir, fmt.Sprintf("start-%d", round))}
	must(t, syscall.Mkfifo(b.fifo, 0o600))
	f, err := os.OpenFile(b.fifo, os.O_RDWR, 0)
	must(t, err)
	b.f = f
	t.Cleanup(func() { _ = f.Close() })
	return b
}

// wrap turns c into a process that waits at the barrier, then execs c.
func (b *barrier) wrap(c *exec.Cmd) {
	args := append([]string{"-c", `read x < "$0"; exec "$@"`, b.fifo, c.Path}, c.Args[1:]...)
	c.Path = "/bin/sh"
	c.Args = append([]string{"sh"}, args...)
}

// release lets n waiting processes go.
func (b *barrier) release(t *testing.T, n int) {
	_, err := b.f.WriteString(strings.Repeat("\n", n))
	must(t, err)
}

// waitAll waits for every process, killing any still running after a
// deadline so a broken run fails instead of hanging the test binary.
func waitAll(t *testing.T, cmds []*exec.Cmd) []int {
	t.Helper()
	codes := make([]int, len(cmds))
	deadline := time.AfterFunc(60*time.Second, func() {
		for _, c := range cmds {
			_ = c.Process.Kill()
		}
	})
	defer deadline.Stop()
	for i, c := range cmds {
		err := c.Wait()
		if ee, ok := err.(*exec.ExitError); ok {
			codes[i] = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
	}
	return codes
}

func rounds(def, short int) int {
	if v, err := strconv.Atoi(os.Getenv("AUTOMEM_E2E_ROUNDS")); err == nil && v > 0 {
		return v
	}
	if testing.Short() {
		return short
	}
	return def
}

// testConcurrentExtract: 20 extract processes behind a barrier, N rounds
// (50; 5 with -short; AUTOMEM_E2E_ROUNDS exactly; otherwise stopping after
// 45 s once 10 are done),
// each round with one new session → exactly one model conversation per
// round and one recorded run per round; every loser is "locked" (75) or
// finds nothing new (0).
func testConcurrentExtract(t *testing.T, bin string) {
	const procs = 20
	n := rounds(50, 5)
	_, exact := os.LookupEnv("AUTOMEM_E2E_ROUNDS")
	const budget, least = 45 * time.Second, 10 // on a loaded machine, stop early
	p := newProcWorld(t, bin)
	srv := modeltest.NewFunc(t, readOffered(30*time.Millisecond))
	base, _ := time.Parse(time.RFC3339, e2eNow)
	start := time.Now()
	done := 0
	for round := range n {
		if !exact && round >= least && time.Since(start) > budget {
			break
		}
		done++
		now := base.Add(time.Duration(round) * time.Hour)
		id := fmt.Sprintf("%08x-0000-4000-8000-%012x", round+0x10, round)
		p.w.Gemini(t, world.Session{ID: id, Start: now.Add(-20 * time.Hour), Turns: world.Steps(10)})
		convBefore := srv.Conversations()
		b := newBarrier(t, p.w.Base, round)
		cmds := make([]*exec.Cmd, procs)
		outs := make([]*bytes.Buffer, procs)
		for i := range cmds {
			c := p.cmd(srv, "--now", now.Format(time.RFC3339))
			outs[i] = &bytes.Buffer{}
			c.Stdout, c.Stderr = outs[i], outs[i]
			b.wrap(c)
			must(t, c.Start())
			cmds[i] = c
		}
		b.release(t, procs)
		codes := map[int]int{}
		for i, code := range waitAll(t, cmds) {
			codes[code]++
			if code != 0 && code != 75 {
				t.Errorf("round %d: process %d exit %d:\n%s", round, i, code, outs[i])
			}
		}
		if got := srv.Conversations() - convBefore; got != 1 {
			t.Fatalf("round %d: %d model conversations, want exactly 1 (exit codes %v)", round, got, codes)
		}
		runs := p.runs(t)
		if len(runs) != round+1 {
			t.Fatalf("round %d: %d runs recorded, want %d", round, len(runs), round+1)
		}
		want := 1 // the new session; round 0 also has the world's two
		if round == 0 {
			want = 3
		}
		last := runs[len(runs)-1]
		if len(last.ProcessedSessions) != want || !slices.ContainsFunc(last.ProcessedSessions, func(s struct {
			SessionID string `json:"sessionId"`
		}) bool {
			return s.SessionID == id
		}) {
			t.Errorf("round %d: the run processed %+v, want %d including %s", round, last.ProcessedSessions, want, id)
		}
		if _, err := os.Stat(p.w.LockPath()); !os.IsNotExist(err) {
			t.Fatalf("round %d: lock left after every process exited: %v", round, err)
		}
	}
	got := processed(p.runs(t))
	for id, k := range got {
		if k != 1 {
			t.Errorf("session %s processed %d times", id, k)
		}
	}
	t.Logf("%d rounds × %d processes in %v", done, procs, time.Since(start).Round(time.Millisecond))
}

// testExtractWithInboxApply runs extract (whose model writes a skill draft)
// and `inbox apply private` at the same instant, many times: the pending
// candidate is applied or still pending, MEMORY.md is always one of the two
// whole versions, the draft is never lost.
func testExtractWithInboxApply(t *testing.T, bin string) {
	n := rounds(10, 3)
	for round := range n {
		p := newProcWorld(t, bin)
		mem := filepath.Join(p.w.MemoryDir, "MEMORY.md")
		pending := fmt.Sprintf("--- %s\n+++ %s\n@@ -1,3 +1,4 @@\n # Project Memory\n \n - Build with make.\n+- Pending line %d.\n", mem, mem, round)
		world.WriteFile(t, p.w.PrivatePatch(), pending)
		applied := world.Memory + fmt.Sprintf("- Pending line %d.\n", round)
		srv := modeltest.PerConversation(t,
			modeltest.Turn{Delay: time.Duration(round%4) * 5 * time.Millisecond, Calls: []modeltest.Call{
				modeltest.Tool("read_file", "file_path", p.paths[0]),
				modeltest.Tool("read_file", "file_path", p.w.PrivatePatch()),
				modeltest.Tool("write_file", "file_path", "skills/run-tests/SKILL.md", "content",
					"---\nname: run-tests\ndescription: Run the tests before committing\n---\n1. go test ./...\n"),
			}},
			modeltest.Done("one skill"))
		b := newBarrier(t, p.w.Base, round)
		ex := p.cmd(srv)
		var exOut, inOut bytes.Buffer
		ex.Stdout, ex.Stderr = &exOut, &exOut
		in := exec.Command(filepath.Join(bin, "inbox"), "--project", p.w.Root, "apply", "private")
		in.Env, in.Dir = p.w.Env(), p.w.Root
		in.Stdout, in.Stderr = &inOut, &inOut
		b.wrap(ex)
		b.wrap(in)
		must(t, ex.Start())
		must(t, in.Start())
		b.release(t, 2)
		codes := waitAll(t, []*exec.Cmd{ex, in})
		if codes[0] != 0 {
			t.Errorf("round %d: extract exit %d\n%s", round, codes[0], exOut.String())
		}
		var inErr error
		if codes[1] != 0 {
			inErr = fmt.Errorf("exit %d", codes[1])
		}
		got, err := os.ReadFile(mem)
		must(t, err)
		_, perr := os.Stat(p.w.PrivatePatch())
		switch string(got) {
		case applied:
			if inErr != nil {
				t.Errorf("round %d: MEMORY.md changed but inbox failed: %v\n%s", round, inErr, inOut.String())
			}
			if perr == nil {
				if rest, _ := os.ReadFile(p.w.PrivatePatch()); strings.Contains(string(rest), "Pending line") {
					t.Errorf("round %d: applied and still pending:\n%s", round, rest)
				}
			}
		case world.Memory:
			if perr != nil {
				t.Errorf("round %d: candidate lost: neither applied nor pending (inbox: %v %s)", round, inErr, inOut.String())
			}
		default:
			t.Errorf("round %d: MEMORY.md is neither version:\n%s", round, got)
		}
		if _, err := os.Stat(filepath.Join(p.w.MemoryDir, "skills", "run-tests", "SKILL.md")); err != nil {
			t.Errorf("round %d: the extracted draft is missing: %v", round, err)
		}
	}
}
