//go:build unix

package lockfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// testOpts are options with a fixed host and pid and a liveness fake that
// knows exactly which pids are alive.
func testOpts(pid int, alive ...int) Options {
	live := map[int]bool{pid: true}
	for _, p := range alive {
		live[p] = true
	}
	return Options{
		Host:      "testhost",
		PID:       pid,
		Heartbeat: -1,
		Alive:     func(p int) bool { return live[p] },
		ProcStart: func(p int) string { return "boot:" + itoa(p) },
		Log:       zerolog.Nop(),
	}
}

func writeLockJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func readInfo(t *testing.T, path string) Info {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var i Info
	if err := json.Unmarshal(b, &i); err != nil {
		t.Fatalf("lock content %q: %v", b, err)
	}
	return i
}

// deadPID returns the pid of a child that has exited and been reaped.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestAcquireWritesGeminiCompatibleContentAndReleaseRemovesIt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction.lock")
	now := time.Date(2026, 5, 1, 9, 0, 0, 123e6, time.UTC)
	o := testOpts(4242)
	o.Now = func() time.Time { return now }
	l, err := Acquire(context.Background(), path, o)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 || !fi.Mode().IsRegular() {
		t.Fatalf("lock mode = %v", fi.Mode())
	}
	// Gemini's isLockInfo: pid is a number, startedAt a string.
	var raw map[string]any
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if pid, ok := raw["pid"].(float64); !ok || pid != 4242 {
		t.Fatalf("pid = %#v", raw["pid"])
	}
	if raw["startedAt"] != "2026-05-01T09:00:00.123Z" || raw["heartbeatAt"] != "2026-05-01T09:00:00.123Z" {
		t.Fatalf("times = %v %v", raw["startedAt"], raw["heartbeatAt"])
	}
	if raw["host"] != "testhost" || raw["nonce"] == "" || raw["nonce"] != l.info.Nonce {
		t.Fatalf("host/nonce = %v %v", raw["host"], raw["nonce"])
	}
	if err := l.Check(); err != nil {
		t.Fatalf("Check on a held lock: %v", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("lock still there after release: %v", err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second release: %v", err)
	}
	if err := l.Check(); !errors.Is(err, ErrLost) {
		t.Fatalf("Check after release = %v, want ErrLost", err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != ".extraction.lock.guard" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

func TestHeldLockReturnsTypedError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction.lock")
	now := time.Now()
	writeLockJSON(t, path, map[string]any{"pid": 777, "startedAt": FormatTime(now.Add(-time.Minute)), "host": "testhost", "nonce": "theirs"})
	before, _ := os.ReadFile(path)
	_, err := Acquire(context.Background(), path, testOpts(1, 777))
	var he *HeldError
	if !errors.As(err, &he) || !errors.Is(err, ErrHeld) {
		t.Fatalf("err = %v, want *HeldError", err)
	}
	if he.PID != 777 || he.Host != "testhost" || he.Since.IsZero() {
		t.Fatalf("held error = %+v", he)
	}
	if !strings.Contains(err.Error(), "pid 777") {
		t.Fatalf("message %q does not name the pid", err)
	}
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Fatal("a held lock was modified")
	}
}

func TestJudge(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	iso := func(d time.Duration) string { return FormatTime(now.Add(d)) }
	const me, live, dead = 100, 200, 300
	cases := []struct {
		name    string
		content string
		mtime   time.Duration // relative to now
		stale   bool
		reason  string
	}{
		{"live fresh", `{"pid":200,"startedAt":"` + iso(-time.Minute) + `","host":"testhost","nonce":"x","heartbeatAt":"` + iso(-time.Minute) + `"}`, 0, false, ReasonAlive},
		{"dead pid", `{"pid":300,"startedAt":"` + iso(-time.Minute) + `","host":"testhost","nonce":"x"}`, 0, true, ReasonDeadPID},
		{"gemini lock dead pid", `{"pid":300,"startedAt":"` + iso(-time.Minute) + `"}`, 0, true, ReasonDeadPID},
		{"gemini lock live", `{"pid":200,"startedAt":"` + iso(-time.Minute) + `"}`, 0, false, ReasonAlive},
		{"gemini lock live but old", `{"pid":200,"startedAt":"` + iso(-36*time.Minute) + `"}`, 0, true, ReasonExpired},
		{"old heartbeat live pid", `{"pid":200,"startedAt":"` + iso(-2*time.Hour) + `","host":"testhost","heartbeatAt":"` + iso(-40*time.Minute) + `"}`, 0, true, ReasonExpired},
		{"old start fresh heartbeat", `{"pid":200,"startedAt":"` + iso(-2*time.Hour) + `","host":"testhost","heartbeatAt":"` + iso(-4*time.Minute) + `"}`, 0, false, ReasonAlive},
		{"pid reused by another process", `{"pid":200,"startedAt":"` + iso(-time.Minute) + `","host":"testhost","procStart":"boot:1"}`, 0, true, ReasonPIDReused},
		{"same process incarnation", `{"pid":200,"startedAt":"` + iso(-time.Minute) + `","host":"testhost","procStart":"boot:200"}`, 0, false, ReasonAlive},
		{"other host ignores incarnation", `{"pid":200,"startedAt":"` + iso(-time.Minute) + `","host":"elsewhere","procStart":"boot:1"}`, 0, false, ReasonAlive},
		{"own pid other nonce", `{"pid":100,"startedAt":"` + iso(-time.Minute) + `","host":"testhost","nonce":"other"}`, 0, true, ReasonOwnPID},
		{"other host dead pid fresh", `{"pid":300,"startedAt":"` + iso(-time.Minute) + `","host":"elsewhere"}`, 0, false, ReasonAlive},
		{"other host old", `{"pid":200,"startedAt":"` + iso(-36*time.Minute) + `","host":"elsewhere"}`, 0, true, ReasonExpired},
		{"future timestamp", `{"pid":200,"startedAt":"` + iso(3*time.Hour) + `","host":"elsewhere"}`, 0, false, ReasonFuture},
		{"unparsable startedAt falls back to mtime", `{"pid":200,"startedAt":"yesterday","host":"elsewhere"}`, -time.Hour, true, ReasonExpired},
		{"empty fresh", ``, -2 * time.Second, false, ReasonUnparsableFresh},
		{"empty old", ``, -time.Minute, true, ReasonUnparsableOld},
		{"truncated old", `{"pid":20`, -time.Minute, true, ReasonUnparsableOld},
		{"pid zero is invalid", `{"pid":0,"startedAt":"` + iso(0) + `"}`, -time.Minute, true, ReasonUnparsableOld},
		{"pid beyond pid_t is invalid", `{"pid":4294967297,"startedAt":"` + iso(0) + `"}`, -time.Minute, true, ReasonUnparsableOld},
		{"pid string is invalid", `{"pid":"200","startedAt":"` + iso(0) + `"}`, -time.Second, false, ReasonUnparsableFresh},
		{"garbage fresh", "\x00\xff{{", 0, false, ReasonUnparsableFresh},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := testOpts(me, live).withDefaults()
			o.Now = func() time.Time { return now }
			_ = dead
			lf := lockFile{raw: []byte(c.content), mtime: now.Add(c.mtime)}
			if info, err := parseInfo(lf.raw); err == nil {
				lf.info = info
			}
			v := judge(lf, o, "mine")
			if v.stale != c.stale || v.reason != c.reason {
				t.Fatalf("judge = stale %v %q, want %v %q", v.stale, v.reason, c.stale, c.reason)
			}
		})
	}
}

func TestAcquireBreaksStaleLocks(t *testing.T) {
	dead := deadPID(t)
	now := time.Now()
	cases := []struct {
		name    string
		content string
		age     time.Duration // file mtime age
	}{
		{"reaped child pid", `{"pid":` + itoa(dead) + `,"startedAt":"` + FormatTime(now) + `"}`, 0},
		{"old heartbeat", `{"pid":` + itoa(os.Getppid()) + `,"startedAt":"` + FormatTime(now.Add(-time.Hour)) + `","heartbeatAt":"` + FormatTime(now.Add(-36*time.Minute)) + `"}`, 0},
		{"unparsable and old", `{"pid":`, time.Minute},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".extraction.lock")
			if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
				t.Fatal(err)
			}
			if c.age > 0 {
				old := now.Add(-c.age)
				if err := os.Chtimes(path, old, old); err != nil {
					t.Fatal(err)
				}
			}
			o := Options{Heartbeat: -1, Log: zerolog.Nop()} // real host, pid and kill(2)
			l, err := Acquire(context.Background(), path, o)
			if err != nil {
				t.Fatalf("stale lock not broken: %v", err)
			}
			if got := readInfo(t, path); got.PID != os.Getpid() || got.Nonce != l.info.Nonce {
				t.Fatalf("lock content after break = %+v", got)
			}
			if err := l.Release(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestFutureLockIsHeldWithWarning(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	writeLockJSON(t, path, map[string]any{"pid": 5, "startedAt": FormatTime(time.Now().Add(2 * time.Hour)), "host": "elsewhere"})
	var logs bytes.Buffer
	o := testOpts(1)
	o.Log = zerolog.New(&logs)
	if _, err := Acquire(context.Background(), path, o); !errors.Is(err, ErrHeld) {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(logs.String(), `"level":"warn"`) || !strings.Contains(logs.String(), "future") {
		t.Fatalf("no warning: %s", logs.String())
	}
}

func TestFreshUnparsableLockIsHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	if err := os.WriteFile(path, nil, 0o600); err != nil { // Gemini between open and write
		t.Fatal(err)
	}
	_, err := Acquire(context.Background(), path, Options{Heartbeat: -1, Log: zerolog.Nop()})
	if !errors.Is(err, ErrHeld) {
		t.Fatalf("fresh empty lock: err = %v, want ErrHeld", err)
	}
	if b, _ := os.ReadFile(path); len(b) != 0 {
		t.Fatal("fresh empty lock was rewritten")
	}
}

func TestLostNonce(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	l, err := Acquire(context.Background(), path, testOpts(10))
	if err != nil {
		t.Fatal(err)
	}
	// Another process broke our lock and took it.
	other := map[string]any{"pid": 11, "startedAt": FormatTime(time.Now()), "host": "testhost", "nonce": "theirs"}
	writeLockJSON(t, path, other)
	if err := l.Check(); !errors.Is(err, ErrLost) {
		t.Fatalf("Check = %v, want ErrLost", err)
	}
	select {
	case <-l.lost:
	default:
		t.Fatal("Lost not closed after Check found the lock taken")
	}
	if err := l.Release(); !errors.Is(err, ErrLost) {
		t.Fatalf("Release = %v, want ErrLost", err)
	}
	if got := readInfo(t, path); got.Nonce != "theirs" {
		t.Fatalf("release removed or changed the other's lock: %+v", got)
	}
	// Removed entirely: Check is ErrLost too.
	os.Remove(path)
	if err := l.Check(); !errors.Is(err, ErrLost) {
		t.Fatalf("Check on missing lock = %v", err)
	}
}

func TestContextIsCancelledWhenLost(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	l, err := Acquire(context.Background(), path, testOpts(10))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := l.Context(context.Background())
	defer cancel()
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
		t.Fatal("context cancelled while the lock is ours")
	case <-time.After(10 * time.Millisecond):
	}
	writeLockJSON(t, path, map[string]any{"pid": 11, "startedAt": FormatTime(time.Now()), "nonce": "theirs"})
	if err := l.Check(); !errors.Is(err, ErrLost) {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
		if !errors.Is(context.Cause(ctx), ErrLost) {
			t.Fatalf("cause = %v", context.Cause(ctx))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("context not cancelled after the lock was lost")
	}
}

func TestHeartbeatRefreshesAndFencesItself(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	clock := make(chan time.Time, 1)
	cur := start
	ticks := make(chan time.Time)
	o := testOpts(10)
	o.Heartbeat = time.Minute
	o.Now = func() time.Time {
		select {
		case cur = <-clock:
		default:
		}
		return cur
	}
	o.Tick = func(d time.Duration) (<-chan time.Time, func()) {
		if d != time.Minute {
			t.Errorf("ticker period %v", d)
		}
		return ticks, func() {}
	}
	l, err := Acquire(context.Background(), path, o)
	if err != nil {
		t.Fatal(err)
	}
	later := start.Add(5 * time.Minute)
	clock <- later
	ticks <- later
	waitFor(t, func() bool { return readInfo(t, path).HeartbeatAt == FormatTime(later) })
	got := readInfo(t, path)
	if got.StartedAt != FormatTime(start) || got.Nonce != l.info.Nonce || got.PID != 10 {
		t.Fatalf("refresh changed more than heartbeatAt: %+v", got)
	}
	if fi, _ := os.Lstat(path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode after refresh = %v", fi.Mode())
	}
	// Someone else takes the lock: the next tick must not overwrite it.
	writeLockJSON(t, path, map[string]any{"pid": 11, "startedAt": FormatTime(later), "nonce": "theirs"})
	ticks <- later.Add(time.Minute)
	select {
	case <-l.lost:
	case <-time.After(5 * time.Second):
		t.Fatal("heartbeat did not notice the lost lock")
	}
	if readInfo(t, path).Nonce != "theirs" {
		t.Fatal("heartbeat overwrote another holder's lock")
	}
	if err := l.Release(); !errors.Is(err, ErrLost) {
		t.Fatalf("release = %v", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestUnsafeLockPaths(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	if err := os.WriteFile(outside, []byte("canary"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(p string) error{
		"symlink to file":     func(p string) error { return os.Symlink(outside, p) },
		"dangling symlink":    func(p string) error { return os.Symlink(filepath.Join(dir, "nowhere"), p) },
		"directory":           func(p string) error { return os.Mkdir(p, 0o700) },
		"fifo":                func(p string) error { return syscall.Mkfifo(p, 0o600) },
		"symlink to a fifo":   func(p string) error { syscall.Mkfifo(p+".fifo", 0o600); return os.Symlink(p+".fifo", p) },
		"symlink to a folder": func(p string) error { return os.Symlink(dir, p) },
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".extraction.lock")
			if err := mk(path); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				_, err := Acquire(context.Background(), path, Options{Heartbeat: -1, Log: zerolog.Nop()})
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, ErrNotRegular) {
					t.Fatalf("err = %v, want ErrNotRegular", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("Acquire blocked (opened a FIFO?)")
			}
			if _, err := readLock(path); !errors.Is(err, ErrNotRegular) {
				t.Fatalf("readLock err = %v", err)
			}
			if b, _ := os.ReadFile(outside); string(b) != "canary" {
				t.Fatal("symlink target changed")
			}
			if _, err := os.Lstat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
				t.Fatal("dangling symlink target was created")
			}
		})
	}
}

func TestMissingLockDir(t *testing.T) {
	_, err := Acquire(context.Background(), filepath.Join(t.TempDir(), "no", ".extraction.lock"), Options{Heartbeat: -1})
	if err == nil || !strings.Contains(err.Error(), "lock dir") {
		t.Fatalf("err = %v", err)
	}
}

// TestJudgeReadLock: a held lock is judged alive, a dead holder's stale.
func TestJudgeReadLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	if _, err := readLock(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing lock: %v", err)
	}
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatal(err)
	}
	lf, err := readLock(path)
	if err != nil || lf.info == nil || lf.info.PID != os.Getpid() {
		t.Fatalf("held lock: %+v %v", lf, err)
	}
	if v := judge(lf, Options{}.withDefaults(), ""); v.stale || v.reason != ReasonAlive {
		t.Fatalf("held lock judged %+v", v)
	}
	l.Release()
	writeLockJSON(t, path, map[string]any{"pid": deadPID(t), "startedAt": FormatTime(time.Now())})
	lf, err = readLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if v := judge(lf, Options{}.withDefaults(), ""); !v.stale || v.reason != ReasonDeadPID {
		t.Fatalf("dead lock judged %+v", v)
	}
}

func TestOrphanTempsAreCleaned(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction.lock")
	orphan := filepath.Join(dir, "..extraction.lock.00000000000000de.automem-tmp")
	young := filepath.Join(dir, "..extraction.lock.0000000000000001.automem-tmp")
	foreign := filepath.Join(dir, ".extraction-state.json.tmp")
	for _, p := range []string{orphan, young, foreign} {
		os.WriteFile(p, []byte("x"), 0o600)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(orphan, old, old)
	os.Chtimes(foreign, old, old)
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
		t.Error("old orphan temp kept")
	}
	for _, p := range []string{young, foreign} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
}

func TestProcessStart(t *testing.T) {
	me := processStart(os.Getpid())
	if runtime.GOOS != "linux" {
		t.Skip("process start identity is Linux-only")
	}
	if me == "" || me != processStart(os.Getpid()) {
		t.Fatalf("own start identity %q is empty or unstable", me)
	}
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	child := processStart(cmd.Process.Pid)
	cmd.Process.Kill()
	cmd.Wait()
	if child == "" || child == me {
		t.Fatalf("child identity %q vs ours %q", child, me)
	}
	if got := processStart(cmd.Process.Pid); got != "" {
		t.Fatalf("reaped child identity = %q", got)
	}
	// A lock whose pid is alive but was started by another incarnation is
	// broken with the real probe.
	path := filepath.Join(t.TempDir(), ".extraction.lock")
	writeLockJSON(t, path, Info{PID: os.Getppid(), StartedAt: FormatTime(time.Now()), ProcStart: "another-boot:1"})
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatalf("reused pid lock not broken: %v", err)
	}
	if readInfo(t, path).ProcStart != me {
		t.Fatal("our lock does not record our start identity")
	}
	l.Release()
}

func TestProcessAlive(t *testing.T) {
	if !processAlive(os.Getpid()) {
		t.Fatal("own pid reported dead")
	}
	if processAlive(deadPID(t)) {
		t.Fatal("reaped child reported alive")
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
