//go:build unix

package lockfile

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// The test binary re-executes itself as a lock contender when
// LOCKFILE_HELPER is set: "contend" waits for a barrier file, tries once and
// prints WIN or HELD; "hold" acquires, prints LOCKED and waits to be killed.
func TestMain(m *testing.M) {
	switch os.Getenv("LOCKFILE_HELPER") {
	case "contend":
		os.Exit(helperContend())
	case "hold":
		os.Exit(helperHold())
	}
	os.Exit(m.Run())
}

// waitFile waits for the parent test to create p; a helper whose parent
// died gives up after a minute instead of polling for ever.
func waitFile(p string) {
	deadline := time.Now().Add(time.Minute)
	for {
		if _, err := os.Stat(p); err == nil {
			return
		}
		if time.Now().After(deadline) {
			fmt.Println("ERROR timed out waiting for", p)
			os.Exit(1)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func helperContend() int {
	path, barrier, release := os.Getenv("LOCK_PATH"), os.Getenv("LOCK_BARRIER"), os.Getenv("LOCK_RELEASE")
	fmt.Println("READY")
	waitFile(barrier)
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1, Log: zerolog.Nop()})
	if errors.Is(err, ErrHeld) {
		fmt.Println("HELD")
		return 75
	}
	if err != nil {
		fmt.Println("ERROR", err)
		return 1
	}
	fmt.Println("WIN")
	waitFile(release)
	if err := l.Check(); err != nil {
		fmt.Println("LOST", err)
		return 1
	}
	if err := l.Release(); err != nil {
		fmt.Println("ERROR", err)
		return 1
	}
	return 0
}

func helperHold() int {
	_, err := Acquire(context.Background(), os.Getenv("LOCK_PATH"), Options{Log: zerolog.Nop()})
	if err != nil {
		fmt.Println("ERROR", err)
		return 1
	}
	fmt.Println("LOCKED")
	time.Sleep(5 * time.Minute) // until the test kills it; bounded if the test died
	return 0
}

type child struct {
	cmd   *exec.Cmd
	lines chan string
}

func startHelper(t *testing.T, mode string, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append([]string{"LOCKFILE_HELPER=" + mode}, env...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, lines: make(chan string, 4)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return c
}

func (c *child) next(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			t.Fatal("helper exited without output")
		}
		return l
	case <-time.After(30 * time.Second):
		t.Fatal("helper timed out")
	}
	return ""
}

// Twenty processes released by one barrier: exactly one wins each round,
// the rest see the lock held, and the winner still owns it at the end.
func TestConcurrentProcessesOneWinnerPerRound(t *testing.T) {
	t.Parallel()
	const procs = 20
	rounds := 8
	if testing.Short() {
		rounds = 2
	}
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction.lock")
	for r := 0; r < rounds; r++ {
		barrier := filepath.Join(dir, fmt.Sprintf("go-%d", r))
		release := filepath.Join(dir, fmt.Sprintf("release-%d", r))
		kids := make([]*child, procs)
		for i := range kids {
			kids[i] = startHelper(t, "contend", "LOCK_PATH="+path, "LOCK_BARRIER="+barrier, "LOCK_RELEASE="+release)
		}
		for _, k := range kids {
			if l := k.next(t); l != "READY" {
				t.Fatalf("helper said %q", l)
			}
		}
		os.WriteFile(barrier, nil, 0o600)
		wins := 0
		for _, k := range kids {
			switch l := k.next(t); l {
			case "WIN":
				wins++
			case "HELD":
			default:
				t.Fatalf("round %d: helper said %q", r, l)
			}
		}
		if wins != 1 {
			t.Fatalf("round %d: %d winners, want 1", r, wins)
		}
		os.WriteFile(release, nil, 0o600)
		for _, k := range kids {
			err := k.cmd.Wait()
			var ee *exec.ExitError
			if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 75) {
				t.Fatalf("round %d: helper failed: %v", r, err)
			}
		}
		if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("round %d: lock left behind", r)
		}
	}
}

// A SIGKILLed holder leaves its lock; once the process is gone, the next
// Acquire breaks it.
func TestKilledHolderIsRecovered(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	k := startHelper(t, "hold", "LOCK_PATH="+path)
	if l := k.next(t); l != "LOCKED" {
		t.Fatalf("holder said %q", l)
	}
	_, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	var he *HeldError
	if !errors.As(err, &he) || he.PID != k.cmd.Process.Pid {
		t.Fatalf("while holder lives: err = %v", err)
	}
	k.cmd.Process.Signal(syscall.SIGKILL)
	k.cmd.Wait()
	if readInfo(t, path).PID != k.cmd.Process.Pid {
		t.Fatal("SIGKILL should leave the lock in place")
	}
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatalf("after SIGKILL: %v", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
}

// Two breakers judge the same stale lock; the first pauses between its
// judgement and the removal while the second runs. Exactly one acquires,
// the other reports the lock held, and the winner's lock is never removed.
func TestTwoBreakersOneWinner(t *testing.T) {
	rounds := 300
	if testing.Short() {
		rounds = 50
	}
	for r := 0; r < rounds; r++ {
		path := filepath.Join(t.TempDir(), ".extraction.lock")
		const stalePID, pidA, pidB = 9, 101, 102
		writeLockJSON(t, path, map[string]any{"pid": stalePID, "startedAt": FormatTime(time.Now()), "host": "testhost", "nonce": "old"})

		judged := make(chan struct{})
		bDone := make(chan struct{})
		pause := time.Duration(rand.IntN(3)) * time.Millisecond
		oa := testOpts(pidA, pidB)
		var once sync.Once
		oa.beforeBreak = func() {
			once.Do(func() { close(judged) })
			select { // let B run as far as it can
			case <-bDone:
			case <-time.After(pause + time.Millisecond):
			}
		}
		ob := testOpts(pidB, pidA)
		ob.beforeBreak = func() { time.Sleep(time.Duration(rand.IntN(2)) * time.Millisecond) }

		type res struct {
			l   *Lock
			err error
		}
		ra, rb := make(chan res, 1), make(chan res, 1)
		go func() { l, err := Acquire(context.Background(), path, oa); ra <- res{l, err} }()
		select {
		case <-judged:
		case a := <-ra:
			// Under load A may have paused, timed out and finished before
			// we looked; only finishing without ever judging is wrong.
			select {
			case <-judged:
				ra <- a
			default:
				t.Fatalf("round %d: A did not judge the lock stale: %v", r, a.err)
			}
		}
		go func() {
			l, err := Acquire(context.Background(), path, ob)
			close(bDone)
			rb <- res{l, err}
		}()
		a, b := <-ra, <-rb
		var win *Lock
		for _, x := range []res{a, b} {
			switch {
			case x.err == nil:
				if win != nil {
					t.Fatalf("round %d: two winners", r)
				}
				win = x.l
			case errors.Is(x.err, ErrHeld):
			default:
				t.Fatalf("round %d: unexpected error %v", r, x.err)
			}
		}
		if win == nil {
			t.Fatalf("round %d: nobody acquired (A: %v, B: %v)", r, a.err, b.err)
		}
		if err := win.Check(); err != nil {
			t.Fatalf("round %d: the winner's lock was removed or replaced: %v", r, err)
		}
		if err := win.Release(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAcquireHonoursContextWhileGuardIsBusy(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	writeLockJSON(t, path, map[string]any{"pid": 9, "startedAt": FormatTime(time.Now())})
	g, err := lockGuard(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer g.unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Acquire(ctx, path, testOpts(1))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Acquire blocked %v on a busy guard", d)
	}
	if readInfo(t, path).PID != 9 {
		t.Fatal("the stale lock was removed without the guard")
	}
}
