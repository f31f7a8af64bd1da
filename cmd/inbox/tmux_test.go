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

// pane is `inbox review` running in a real terminal (a tmux pane).
type pane struct {
	t    *testing.T
	sock string
	name string
}

func (p *pane) tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", append([]string{"-L", p.sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	return string(out), err
}

// wait polls the screen until it shows what, and returns it.
func (p *pane) wait(what string, escapes bool) string {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		args := []string{"capture-pane", "-p", "-t", p.name}
		if escapes {
			args = append(args, "-e")
		}
		out, _ := p.tmux(args...)
		if strings.Contains(out, what) {
			return out
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("timed out waiting for %q; screen:\n%s", what, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *pane) keys(keys ...string) {
	p.t.Helper()
	if out, err := p.tmux(append([]string{"send-keys", "-t", p.name}, keys...)...); err != nil {
		p.t.Fatalf("send-keys: %v\n%s", err, out)
	}
}

// termWorld builds the inbox binary once and gives each test a project
// with a pending private patch of the given MEMORY.md and hunks.
type termWorld struct {
	bin, work, home, mem, memFile, patchFile string
}

func newTermWorld(t *testing.T, bin, memory, hunks string) termWorld {
	t.Helper()
	work := t.TempDir()
	w := termWorld{bin: bin, work: work, home: filepath.Join(work, "home")}
	mem, err := mkproject(work, w.home, "proj")
	if err != nil {
		t.Fatal(err)
	}
	w.mem, w.memFile = mem, filepath.Join(mem, "MEMORY.md")
	w.patchFile = filepath.Join(mem, ".inbox", "private", "extraction.patch")
	os.WriteFile(w.memFile, []byte(memory), 0o644)
	os.MkdirAll(filepath.Dir(w.patchFile), 0o755)
	os.WriteFile(w.patchFile, []byte(fmt.Sprintf("--- %s\n+++ %s\n%s", w.memFile, w.memFile, hunks)), 0o600)
	return w
}

// buildInbox builds the inbox binary into a temp dir of t.
func buildInbox(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "inbox")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// review starts `inbox review private` in a fresh tmux server. When it
// ends, the pane prints its exit status and the terminal's mode (stty), so
// a test can check both; the shell around it survives a Ctrl-C (trap).
func (w termWorld) review(t *testing.T, editor string) *pane {
	t.Helper()
	p := &pane{t: t, sock: fmt.Sprintf("automem-inbox-test-%d-%d", os.Getpid(), time.Now().UnixNano()), name: "t"}
	script := fmt.Sprintf("trap 'true' INT; cd %s && env -u NO_COLOR HOME=%s GEMINI_CLI_HOME=%s TERM=xterm-256color EDITOR=%q %s review private; echo EXIT=$?; echo TTY: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo') END; sleep 30",
		filepath.Join(w.work, "proj"), w.home, w.home, editor, w.bin)
	if out, err := p.tmux("new-session", "-d", "-s", p.name, "-x", "120", "-y", "40", "sh", "-c", script); err != nil {
		t.Fatalf("tmux: %v\n%s", err, out)
	}
	t.Cleanup(func() { _, _ = p.tmux("kill-server") })
	return p
}

// TestTerminalReview drives `inbox review` in a real terminal (tmux): the
// hunk must be shown in colour and a single keypress, without Enter, must
// apply it. Skipped when tmux is not installed.
func TestTerminalReview(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	w := newTermWorld(t, buildInbox(t), "# Project Memory\n- a\n", "@@ -1,2 +1,3 @@\n # Project Memory\n - a\n+- keypress line\n")
	p := w.review(t, "vi")
	screen := p.wait("Apply this hunk", true)
	if !strings.Contains(screen, "\x1b[32m+- keypress line") {
		t.Errorf("added line not shown in green; screen:\n%q", screen)
	}
	p.keys("y")
	p.wait("EXIT=0", false)
	data, _ := os.ReadFile(w.memFile)
	if !strings.Contains(string(data), "- keypress line") {
		t.Errorf("keypress did not apply the hunk: %q", data)
	}
}

// TestTerminalInterrupt: Ctrl-C at the single-key prompt, at the line
// prompt of l, and while $EDITOR runs ends the review with exit 130, keeps
// the hunk answered before, leaves the other pending, and gives the
// terminal back in its normal (canonical, echoing) mode. Keys typed after
// Ctrl-C never reach the review.
func TestTerminalInterrupt(t *testing.T) {
	const memory = "# Project Memory\n- a\n- b\n- c\n- d\n- e\n- f\n- g\n- h\n"
	const hunks = "@@ -1,3 +1,4 @@\n # Project Memory\n - a\n+- first\n - b\n@@ -8,2 +9,3 @@\n - g\n - h\n+- second\n"
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	bin := buildInbox(t)
	// The editor stand-in ignores the file and sleeps; its unique duration
	// lets the test see it running.
	sleeper := fmt.Sprintf("sleep 60.%06d", time.Now().UnixNano()%1000000)
	for _, c := range []struct {
		name, editor string
		before       []string // keys after answering y to the first hunk
		waitFor      string   // screen text showing the prompt or editor is up
	}{
		{"key prompt", "vi", nil, "(hunk 2/2)"},
		{"line prompt", "vi", []string{"l"}, "Lines to apply"},
		{"editor", sleeper + ";", []string{"e"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newTermWorld(t, bin, memory, hunks)
			p := w.review(t, c.editor)
			p.wait("(hunk 1/2)", false)
			p.keys("y")
			p.wait("(hunk 2/2)", false)
			for _, k := range c.before {
				p.keys(k)
			}
			if c.waitFor != "" {
				p.wait(c.waitFor, false)
			} else {
				waitForChild(t, sleeper)
			}
			p.keys("C-c")
			screen := p.wait(" END", false)
			p.keys("a") // lands in the shell's sleep, never in a review
			if !strings.Contains(screen, "EXIT=130") {
				t.Errorf("exit status not 130; screen:\n%s", screen)
			}
			if !strings.Contains(screen, "Interrupted: decisions made so far are kept") {
				t.Errorf("no interrupt notice; screen:\n%s", screen)
			}
			if !strings.Contains(screen, "TTY: icanon echo END") {
				t.Errorf("terminal not back in canonical, echoing mode; screen:\n%s", screen)
			}
			data, _ := os.ReadFile(w.memFile)
			if !strings.Contains(string(data), "- first") || strings.Contains(string(data), "- second") {
				t.Errorf("MEMORY.md after Ctrl-C:\n%s", data)
			}
			pending, _ := os.ReadFile(w.patchFile)
			if !strings.Contains(string(pending), "+- second") {
				t.Errorf("second hunk not pending after Ctrl-C:\n%s", pending)
			}
		})
	}
}

// waitForChild waits until a process whose command line contains cmd runs
// (the editor stand-in has started).
func waitForChild(t *testing.T, cmd string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if out, err := exec.Command("pgrep", "-f", cmd).Output(); err == nil && len(strings.TrimSpace(string(out))) > 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%q never started", cmd)
}
