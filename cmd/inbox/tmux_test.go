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

// review starts `inbox review private` in a fresh tmux server (see run).
func (w termWorld) review(t *testing.T, editor string) *pane {
	t.Helper()
	return w.run(t, editor, "review private")
}

// run starts `inbox <args>` in a fresh tmux server. When it ends, the pane
// prints its exit status and the terminal's mode (stty), so a test can
// check both; the shell around it survives a Ctrl-C (trap).
func (w termWorld) run(t *testing.T, editor, args string) *pane {
	t.Helper()
	p := &pane{t: t, sock: fmt.Sprintf("automem-inbox-test-%d-%d", os.Getpid(), time.Now().UnixNano()), name: "t"}
	script := fmt.Sprintf("trap 'true' INT; cd %s && env -u NO_COLOR HOME=%s GEMINI_CLI_HOME=%s TERM=xterm-256color EDITOR=%q %s %s; echo EXIT=$?; echo TTY: $(stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo') END; sleep 30",
		filepath.Join(w.work, "proj"), w.home, w.home, editor, w.bin, args)
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

// The editor stand-in ignores the file, prints editorMark (so a test sees
// on screen that it runs: the mark is not in the pane's command line) and
// sleeps.
const (
	editorMark = "EDITOR-" + "RUNNING"
	editorUp   = "echo EDITOR-\"\"RUNNING; sleep 60;"
)

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
	for _, c := range []struct {
		name, editor string
		before       []string // keys after answering y to the first hunk
		waitFor      string   // screen text showing the prompt or editor is up
	}{
		{"key prompt", "vi", nil, "(hunk 2/2)"},
		{"line prompt", "vi", []string{"l"}, "Lines to apply"},
		{"editor", editorUp, []string{"e"}, editorMark},
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
			p.wait(c.waitFor, false)
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

// TestTerminalInterruptAttention: Ctrl-C while $EDITOR runs on an entry
// that needs attention — from review's e, after a hunk was applied, and
// from inbox edit on a skill update patch that does not parse, after an
// apply — exits 130, restores the terminal, keeps the earlier decision and
// leaves the entry exactly as it was (nothing half-edited is kept).
func TestTerminalInterruptAttention(t *testing.T) {
	const memory = "# Project Memory\n- a\n"
	const hunks = "@@ -1,2 +1,3 @@\n # Project Memory\n - a\n+- first\n"
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	bin := buildInbox(t)
	const broken = "--- a\n+++ a\n@@ -1,1 +1,2 @@\n # x\n*not a diff line\n"
	for _, c := range []struct {
		name, args string
		entry      func(w termWorld) string // writes the entry, returns its file
		before     func(t *testing.T, w termWorld, p *pane)
	}{
		{"review e", "review", func(w termWorld) string {
			dir := filepath.Join(w.mem, ".automem", "rejected")
			os.MkdirAll(dir, 0o700)
			os.WriteFile(filepath.Join(dir, "gone-private.reason"), []byte("needs attention: the line to replace is gone\n"), 0o600)
			f := filepath.Join(dir, "gone-private.patch")
			os.WriteFile(f, []byte(strings.ReplaceAll(broken, "a\n", w.memFile+"\n")), 0o600)
			return f
		}, func(t *testing.T, w termWorld, p *pane) {
			p.wait("Apply this hunk", false)
			p.keys("y")
			p.wait("Edit or discard this change", false)
			p.keys("e")
		}},
		{"inbox edit", "edit skill-patch/lint", func(w termWorld) string {
			f := filepath.Join(w.mem, "skills", "lint.patch")
			os.MkdirAll(filepath.Dir(f), 0o755)
			os.WriteFile(f, []byte(strings.ReplaceAll(broken, "a\n", filepath.Join(w.home, ".gemini", "skills", "lint", "SKILL.md")+"\n")), 0o644)
			return f
		}, func(t *testing.T, w termWorld, p *pane) {
			cmd := exec.Command(w.bin, "apply", "private")
			cmd.Dir = filepath.Join(w.work, "proj")
			cmd.Env = append(os.Environ(), "HOME="+w.home, "GEMINI_CLI_HOME="+w.home)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("apply: %v\n%s", err, out)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newTermWorld(t, bin, memory, hunks)
			file := c.entry(w)
			orig, _ := os.ReadFile(file)
			var p *pane
			if c.args == "review" {
				p = w.run(t, editorUp, c.args)
				c.before(t, w, p)
			} else {
				c.before(t, w, nil)
				p = w.run(t, editorUp, c.args)
			}
			p.wait(editorMark, false)
			p.keys("C-c")
			screen := p.wait(" END", false)
			p.keys("a")
			if !strings.Contains(screen, "EXIT=130") {
				t.Errorf("exit status not 130; screen:\n%s", screen)
			}
			if !strings.Contains(screen, "TTY: icanon echo END") {
				t.Errorf("terminal not back in canonical, echoing mode; screen:\n%s", screen)
			}
			if c.args == "review" && !strings.Contains(screen, "Interrupted: decisions made so far are kept") {
				t.Errorf("no interrupt notice; screen:\n%s", screen)
			}
			if data, _ := os.ReadFile(w.memFile); !strings.Contains(string(data), "- first") {
				t.Errorf("earlier decision lost: MEMORY.md after Ctrl-C:\n%s", data)
			}
			if data, err := os.ReadFile(file); err != nil || string(data) != string(orig) {
				t.Errorf("entry changed by an interrupted edit (%v):\n%s", err, data)
			}
		})
	}
}
