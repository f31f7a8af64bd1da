//go:build unix

package lockfile

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
)

// geminiLockScript drives Gemini CLI's real lock functions:
//
//	stale PATH    prints isLockStale(PATH)
//	acquire PATH  prints tryAcquireLock(PATH); if true, holds it until killed
func geminiLockScript(t *testing.T) string {
	t.Helper()
	gref.Require(t)
	svc := filepath.Join(gref.InstallDir(), "node_modules", "@google", "gemini-cli-core", "dist", "src", "services", "memoryService.js")
	b, _ := json.Marshal(svc)
	script := filepath.Join(t.TempDir(), "lock.mjs")
	src := `
console.log = console.debug = console.info = console.warn = () => {};
const m = await import(` + string(b) + `);
const [cmd, p] = process.argv.slice(2);
if (cmd === "stale") { process.stdout.write(String(await m.isLockStale(p)) + "\n"); process.exit(0); }
const ok = await m.tryAcquireLock(p);
process.stdout.write(String(ok) + "\n");
if (ok) setInterval(() => {}, 1000); else process.exit(0);
`
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	return script
}

func geminiStale(t *testing.T, script, path string) bool {
	t.Helper()
	out, err := gref.Node(t, script, "stale", path)
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return strings.HasSuffix(strings.TrimSpace(string(out)), "true")
}

func TestGeminiAndAutomemShareTheLock(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("oracle test")
	}
	script := geminiLockScript(t)
	path := filepath.Join(t.TempDir(), ".extraction.lock")

	// We hold it: Gemini sees it live and cannot take it.
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatal(err)
	}
	if geminiStale(t, script, path) {
		t.Fatal("Gemini judges our live lock stale")
	}
	out, err := gref.Node(t, script, "acquire", path)
	if err != nil || strings.TrimSpace(string(out)) != "false" {
		t.Fatalf("Gemini acquired our lock: %s %v", out, err)
	}
	if err := l.Check(); err != nil {
		t.Fatalf("Gemini disturbed our lock: %v", err)
	}
	l.Release()

	// Our lock left by a dead process: both judge it stale.
	writeLockJSON(t, path, Info{PID: deadPID(t), StartedAt: FormatTime(time.Now()), Nonce: "x", HeartbeatAt: FormatTime(time.Now())})
	if !geminiStale(t, script, path) {
		t.Fatal("Gemini judges a dead holder's lock live")
	}
	os.Remove(path)

	// Gemini holds it: we see a *HeldError naming its pid (a node process of
	// its own, so that it can be killed).
	cmd := exec.Command("node", script, "acquire", path)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "true" {
		t.Fatalf("Gemini could not take a free lock: %q", line)
	}
	_, err = Acquire(context.Background(), path, Options{Heartbeat: -1})
	var he *HeldError
	if !errors.As(err, &he) || he.PID != cmd.Process.Pid {
		t.Fatalf("with Gemini holding: %v", err)
	}
	// Gemini is killed: its lock is recovered.
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	l, err = Acquire(context.Background(), path, Options{Heartbeat: -1})
	if err != nil {
		t.Fatalf("after Gemini died: %v", err)
	}
	l.Release()
}
