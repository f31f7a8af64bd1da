package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalReview drives `inbox review` in a real terminal (tmux): the
// hunk must be shown in colour and a single keypress, without Enter, must
// apply it. Skipped when tmux is not installed.
func TestTerminalReview(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	work := t.TempDir()
	bin := filepath.Join(work, "inbox")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	home := filepath.Join(work, "home")
	mem, err := mkproject(work, home, "proj")
	if err != nil {
		t.Fatal(err)
	}
	memFile := filepath.Join(mem, "MEMORY.md")
	os.WriteFile(memFile, []byte("# Project Memory\n- a\n"), 0o644)
	os.MkdirAll(filepath.Join(mem, ".inbox", "private"), 0o755)
	patch := fmt.Sprintf("--- %s\n+++ %s\n@@ -1,2 +1,3 @@\n # Project Memory\n - a\n+- keypress line\n", memFile, memFile)
	os.WriteFile(filepath.Join(mem, ".inbox", "private", "extraction.patch"), []byte(patch), 0o600)

	sock := fmt.Sprintf("automem-inbox-test-%d", os.Getpid())
	tmux := func(args ...string) (string, error) {
		out, err := exec.Command("tmux", append([]string{"-L", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		return string(out), err
	}
	script := fmt.Sprintf("cd %s && env -u NO_COLOR HOME=%s GEMINI_CLI_HOME=%s TERM=xterm-256color %s review private; echo EXIT=$?; sleep 30",
		filepath.Join(work, "proj"), home, home, bin)
	if out, err := tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", "sh", "-c", script); err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { _, _ = tmux("kill-server") })

	wait := func(what string, escapes bool) string {
		deadline := time.Now().Add(10 * time.Second)
		for {
			args := []string{"capture-pane", "-p", "-t", "t"}
			if escapes {
				args = append(args, "-e")
			}
			out, _ := tmux(args...)
			if strings.Contains(out, what) {
				return out
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %q; screen:\n%s", what, out)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	screen := wait("Apply this hunk", true)
	if !strings.Contains(screen, "\x1b[32m+- keypress line") {
		t.Errorf("added line not shown in green; screen:\n%q", screen)
	}
	if _, err := tmux("send-keys", "-t", "t", "y"); err != nil {
		t.Fatal(err)
	}
	wait("EXIT=0", false)
	data, _ := os.ReadFile(memFile)
	if !strings.Contains(string(data), "- keypress line") {
		t.Errorf("keypress did not apply the hunk: %q", data)
	}
}
