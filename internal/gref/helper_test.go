package gref

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A script run through the helper must end, print and exit as it would
// alone in node, and leave nothing behind for the next script.
func TestRunBehavesLikeNode(t *testing.T) {
	cases := []struct {
		name, src            string
		args                 []string
		code                 int
		stdout, stderr, both string
	}{
		{name: "argv and both streams in order",
			src:    `process.stdout.write(process.argv.slice(2).join(",") + "\n"); console.error("e"); console.log("o");`,
			args:   []string{"a", "b c"},
			stdout: "a,b c\no\n", stderr: "e\n", both: "a,b c\ne\no\n"},
		{name: "exit code after top-level await",
			src:    `await new Promise((r) => setTimeout(r, 20)); console.log("x"); process.exit(3); console.log("never");`,
			code:   3,
			stdout: "x\n", both: "x\n"},
		{name: "exitCode without exit",
			src:  `process.exitCode = 4;`,
			code: 4},
		{name: "work left running after the module ends is waited for",
			src:    `async function main() { await new Promise((r) => setTimeout(r, 50)); console.log("late"); process.exit(0); } main().catch((e) => { console.error("caught", e); process.exit(1); });`,
			stdout: "late\n", both: "late\n"},
		{name: "timer without exit is waited for",
			src:    `setTimeout(() => console.log("tick"), 30);`,
			stdout: "tick\n", both: "tick\n"},
		{name: "uncaught error exits 1",
			src:  `await Promise.resolve(); throw new Error("boom");`,
			code: 1},
		{name: "env and console are restored",
			src:    `console.log(process.env.GREF_TEST_LEAK ?? "clean", typeof console.info("x")); process.env.GREF_TEST_LEAK = "dirty"; console.info = () => { throw new Error("leaked console"); };`,
			stdout: "x\nclean undefined\n", both: "x\nclean undefined\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Eval(t, c.src, c.args...)
			if r.Code != c.code {
				t.Fatalf("code %d, want %d; output:\n%s", r.Code, c.code, r.Combined)
			}
			if c.name == "uncaught error exits 1" {
				if !strings.Contains(string(r.Stderr), "boom") {
					t.Fatalf("stderr %q lacks the error", r.Stderr)
				}
				var ee *ExitError
				if !errors.As(r.Err(), &ee) || ee.Code != 1 {
					t.Fatalf("Err() = %v", r.Err())
				}
				return
			}
			if string(r.Stdout) != c.stdout || string(r.Stderr) != c.stderr || string(r.Combined) != c.both {
				t.Fatalf("stdout %q stderr %q combined %q, want %q %q %q", r.Stdout, r.Stderr, r.Combined, c.stdout, c.stderr, c.both)
			}
		})
	}
	// The second run of the leaking script sees a clean process again.
	r := Eval(t, cases[len(cases)-1].src)
	if string(r.Stdout) != "x\nclean undefined\n" {
		t.Fatalf("state leaked between calls: %q", r.Stdout)
	}
}

// The reference validator gives the same answer through the helper as in a
// node process of its own, call after call.
func TestRunMatchesAColdStart(t *testing.T) {
	dir := Require(t)
	base := t.TempDir()
	home := filepath.Join(base, "home")
	mem := filepath.Join(base, "mem")
	for _, d := range []string{filepath.Join(home, ".gemini"), mem} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	good := filepath.Join(base, "good.patch")
	bad := filepath.Join(base, "bad.patch")
	global := filepath.Join(base, "global.patch")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(good, "--- /dev/null\n+++ "+filepath.Join(mem, "MEMORY.md")+"\n@@ -0,0 +1 @@\n+- fact\n")
	write(bad, "--- /dev/null\n+++ "+filepath.Join(base, "elsewhere.md")+"\n@@ -0,0 +1 @@\n+- fact\n")
	write(global, "--- /dev/null\n+++ "+filepath.Join(home, ".gemini", "GEMINI.md")+"\n@@ -0,0 +1 @@\n+- fact\n")
	calls := [][]string{
		{good, mem},
		{bad, mem},
		{global, mem, "--kind=global", "--home=" + home},
		{global, mem}, // GEMINI_CLI_HOME of the call before must not stick
		{good, mem, "--kind=global", "--home=" + home},
	}
	for _, args := range calls {
		cold := exec.Command("node", append([]string{filepath.Join(dir, "validate.mjs")}, args...)...)
		cold.Env = append(os.Environ(), "GREF_DIR="+InstallDir())
		want, err := cold.Output()
		wantCode := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			wantCode = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		got := Run(t, "validate.mjs", args...)
		if got.Code != wantCode || verdict(t, got.Stdout) != verdict(t, want) {
			t.Errorf("validate %v: helper %d %s, node %d %s", args[2:], got.Code, got.Stdout, wantCode, want)
		}
	}
}

// verdict is validate.mjs's answer without its timing.
func verdict(t *testing.T, out []byte) string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("validate.mjs printed %q: %v", out, err)
	}
	delete(v, "ms")
	b, _ := json.Marshal(v)
	return string(b)
}
