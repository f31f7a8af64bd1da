package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/modeltest"
)

// switchable serves hang turns until released, then the good script per
// conversation: one server for the killed run and the recovery run.
func switchable(t *testing.T, p *procWorld) (*modeltest.Server, func()) {
	released := make(chan struct{})
	good := p.goodTurns()
	srv := modeltest.NewFunc(t, func(r *modeltest.Request) modeltest.Turn {
		select {
		case <-released:
			return good[min(r.TurnIndex(), len(good)-1)]
		default:
			return modeltest.Hang()
		}
	})
	return srv, func() { close(released) }
}

func waitCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// testSIGKILLMidAgentRecovers kills extract while it holds the lock and
// waits on the model; the next run breaks the stale lock (dead pid), reads
// the same sessions and records exactly one run.
func testSIGKILLMidAgentRecovers(t *testing.T, bin string) {
	p := newProcWorld(t, bin)
	srv, release := switchable(t, p)
	before := p.w.Snapshot(t)
	c := p.cmd(srv)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitRequests(waitCtx(t), 1); err != nil {
		_ = c.Process.Kill()
		t.Fatal(err)
	}
	var lock struct {
		PID int `json:"pid"`
	}
	data, err := os.ReadFile(p.w.LockPath())
	if err != nil || json.Unmarshal(data, &lock) != nil || lock.PID != c.Process.Pid {
		t.Errorf("lock while the model call is in flight: %s (%v), want pid %d", data, err, c.Process.Pid)
	}
	must(t, c.Process.Signal(syscall.SIGKILL))
	_ = c.Wait()
	if _, err := os.Stat(p.w.LockPath()); err != nil {
		t.Fatalf("SIGKILL should leave the lock behind: %v", err)
	}
	if runs := p.runs(t); len(runs) != 0 {
		t.Fatalf("a killed run recorded %d runs", len(runs))
	}
	p.w.CheckConfined(t, before)

	release()
	r := p.run(t, srv)
	if r.code != 0 || r.status() != "done" {
		t.Fatalf("recovery run: exit %d status %s\n%s", r.code, r.status(), r.stderr)
	}
	runs := p.runs(t)
	if len(runs) != 1 || runs[0].TerminateReason != "GOAL" {
		t.Fatalf("runs after recovery: %+v", runs)
	}
	if got := processed(runs); got[p.ids[0]] != 1 || got[p.ids[1]] != 1 {
		t.Errorf("processed %v, want each session once", got)
	}
	if _, err := os.Stat(p.w.LockPath()); !os.IsNotExist(err) {
		t.Errorf("lock not released after recovery: %v", err)
	}
	if _, err := os.Stat(p.w.PrivatePatch()); err != nil {
		t.Errorf("the candidate of the recovery run is missing: %v", err)
	}
	p.noOrphans(t)
	p.w.CheckConfined(t, before)
}

// testSIGTERMDuringModelCall: logout, `systemctl stop`, launchd unload or
// Ctrl-C while the model is thinking → the run is recorded as aborted (not
// failed), the lock released, nothing marked processed; extract exits 130
// (which the systemd unit counts as success) and the next run starts at
// once: no backoff, no throttle.
func testSIGTERMDuringModelCall(t *testing.T, bin string) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) { testSignalDuringModelCall(t, bin, sig) })
	}
}

func testSignalDuringModelCall(t *testing.T, bin string, sig syscall.Signal) {
	p := newProcWorld(t, bin)
	srv, release := switchable(t, p)
	c := p.cmd(srv)
	var out bytes.Buffer
	c.Stdout = &out
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitRequests(waitCtx(t), 1); err != nil {
		_ = c.Process.Kill()
		t.Fatal(err)
	}
	must(t, c.Process.Signal(sig))
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = c.Process.Kill()
		t.Fatalf("extract ignored %v for 10s", sig)
	}
	if code := c.ProcessState.ExitCode(); code != cli.ExitInterrupted {
		t.Errorf("exit %d after %v, want 130 (interrupted)", code, sig)
	}
	if !strings.Contains(out.String(), `"status":"aborted"`) {
		t.Errorf("report after %v: %s", sig, out.String())
	}
	if _, err := os.Stat(p.w.LockPath()); !os.IsNotExist(err) {
		t.Errorf("lock left after SIGTERM: %v", err)
	}
	runs := p.runs(t)
	if len(runs) != 1 || runs[0].TerminateReason != "ABORTED" || runs[0].Status != "aborted" || runs[0].Error != "" {
		t.Fatalf("runs after %v: %+v", sig, runs)
	}
	if len(runs[0].ProcessedSessions) != 0 || len(runs[0].CandidateSessions) != 2 {
		t.Errorf("aborted run: processed %v of offered %v", runs[0].ProcessedSessions, runs[0].CandidateSessions)
	}
	// The sessions are offered again on the next run, without --force: an
	// aborted run starts no backoff and does not throttle.
	release()
	r := p.run(t, srv)
	if r.code != 0 || r.status() != "done" {
		t.Fatalf("next run: exit %d status %s\n%s", r.code, r.status(), r.stderr)
	}
	if got := processed(p.runs(t)); got[p.ids[0]] != 1 || got[p.ids[1]] != 1 {
		t.Errorf("processed %v, want each session once", got)
	}
	p.noOrphans(t)
}

// testSIGKILLAnywhereAfterTheModel kills extract at growing delays
// after the model's last answer — while it validates, redacts, renames the
// state — and checks after each kill that the state parses, nothing
// half-written is left and the next run finishes the job exactly once.
func testSIGKILLAnywhereAfterTheModel(t *testing.T, bin string) {
	rounds := 8
	if testing.Short() {
		rounds = 3
	}
	for i := range rounds {
		delay := time.Duration(i) * 3 * time.Millisecond
		t.Run(delay.String(), func(t *testing.T) {
			p := newProcWorld(t, bin)
			srv := modeltest.PerConversation(t, p.goodTurns()...)
			c := p.cmd(srv)
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			if err := srv.WaitRequests(waitCtx(t), 3); err != nil {
				_ = c.Process.Kill()
				t.Fatal(err)
			}
			time.Sleep(delay)
			_ = c.Process.Signal(syscall.SIGKILL)
			_ = c.Wait()
			killed := p.runs(t) // parses or the test fails
			if n := p.ageStateTemps(t); n > 0 {
				t.Logf("the kill left %d state temp file(s)", n)
			}
			if len(killed) > 1 {
				t.Fatalf("%d runs after one killed run", len(killed))
			}
			r := p.run(t, srv, "--force")
			if r.code != 0 {
				t.Fatalf("recovery: exit %d\n%s", r.code, r.stderr)
			}
			runs := p.runs(t)
			got := processed(runs)
			if got[p.ids[0]] != 1 || got[p.ids[1]] != 1 {
				t.Errorf("processed %v, want each session exactly once (killed run recorded %d)", got, len(killed))
			}
			if _, err := os.Stat(p.w.PrivatePatch()); err != nil {
				t.Errorf("candidate lost: %v", err)
			}
			// A run that finds nothing new takes no lock, so the killed
			// run's lock may stay until work arrives; it must then be the
			// dead process's, which the mid-agent case shows is broken.
			if data, err := os.ReadFile(p.w.LockPath()); err == nil {
				var lock struct {
					PID int `json:"pid"`
				}
				if json.Unmarshal(data, &lock) != nil || lock.PID != c.Process.Pid || len(killed) != 1 {
					t.Errorf("lock left by someone else than the killed run: %s (killed run recorded %d)", data, len(killed))
				}
			}
			p.noOrphans(t)
		})
	}
}

// TestE2EProcesses builds extract and inbox once and runs every test that
// needs real processes: signals, crashes and concurrency.
func TestE2EProcesses(t *testing.T) {
	bin := t.TempDir()
	buildBinaries(t, bin, "cmd/extract", "cmd/inbox")
	t.Run("SIGKILL mid-agent recovers", func(t *testing.T) { testSIGKILLMidAgentRecovers(t, bin) })
	t.Run("SIGTERM during a model call", func(t *testing.T) { testSIGTERMDuringModelCall(t, bin) })
	t.Run("SIGKILL anywhere after the model", func(t *testing.T) { testSIGKILLAnywhereAfterTheModel(t, bin) })
	t.Run("lock held by Gemini CLI", func(t *testing.T) { testLockHeldByGemini(t, bin) })
	t.Run("api key never sent", func(t *testing.T) { testKeyNeverSent(t, bin) })
	t.Run("limit flags", func(t *testing.T) { testLimitFlags(t, bin) })
	t.Run("budget and quota", func(t *testing.T) { testBudgetProcess(t, bin) })
	t.Run("20 concurrent extracts", func(t *testing.T) { testConcurrentExtract(t, bin) })
	t.Run("extract and inbox apply at once", func(t *testing.T) { testExtractWithInboxApply(t, bin) })
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
