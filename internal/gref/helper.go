package gref

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// helperSource is the node side of the long-lived helper (see helper.mjs).
//
//go:embed helper.mjs
var helperSource string

// CallTimeout bounds one script run through the helper; a call that takes
// longer kills the helper (the next call starts a fresh one) and fails.
const CallTimeout = 5 * time.Minute

// Result is what one reference script printed and how it ended.
type Result struct {
	Stdout, Stderr []byte
	// Combined is stdout and stderr interleaved in the order written.
	Combined []byte
	Code     int
}

// Err is nil for exit code 0 and an *ExitError otherwise.
func (r Result) Err() error {
	if r.Code == 0 {
		return nil
	}
	return &ExitError{Code: r.Code}
}

// ExitError reports a script that ended with a non-zero exit code.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// Run runs a reference script as `node SCRIPT ARGS...` would, but inside the
// test binary's one long-lived node helper, so that Gemini CLI's modules are
// imported once per test binary rather than once per call. SCRIPT is a file
// of the tools dir (validate.mjs, scan.mjs, ...) or an absolute path. Calls
// from parallel tests queue; each is bounded by CallTimeout.
func Run(t testing.TB, script string, args ...string) Result {
	t.Helper()
	Require(t)
	res, err := Call(script, args...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Call is Run for callers without a testing.TB (testscript commands): the
// caller must have called Require first; a broken helper is an error.
func Call(script string, args ...string) (Result, error) {
	dir, err := ToolsDir()
	if err != nil {
		return Result{}, err
	}
	if !filepath.IsAbs(script) {
		script = filepath.Join(dir, script)
	}
	res, err := shared.call(script, args, map[string]string{"GREF_DIR": InstallDir(), "GREF_TOOLS": dir})
	if err != nil {
		return res, fmt.Errorf("gref %s: %w", filepath.Base(script), err)
	}
	return res, nil
}

// Node runs one of the gref scripts through the helper and returns its
// combined output and error (a non-zero exit is an *ExitError).
func Node(t testing.TB, script string, args ...string) ([]byte, error) {
	t.Helper()
	r := Run(t, script, args...)
	return r.Combined, r.Err()
}

// Eval runs src as an ES module script through the helper (arguments in
// process.argv.slice(2), as for a file); tests use it for short programs
// over the reference's modules. The script file lives in the test's temp
// dir.
func Eval(t testing.TB, src string, args ...string) Result {
	t.Helper()
	Require(t)
	path := filepath.Join(t.TempDir(), "eval.mjs")
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatalf("gref eval: %v", err)
	}
	return Run(t, path, args...)
}

// helper is one node process running helper.mjs; calls are serialised.
type helper struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *tailBuffer
	next   int
}

var shared helper

type request struct {
	ID     int               `json:"id"`
	Script string            `json:"script"`
	Args   []string          `json:"args"`
	Env    map[string]string `json:"env"`
}

type answer struct {
	ID   int      `json:"id"`
	Code int      `json:"code"`
	Out  [][2]any `json:"out"`
}

func (h *helper) call(script string, args []string, env map[string]string) (Result, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cmd == nil {
		if err := h.start(); err != nil {
			return Result{}, err
		}
	}
	h.next++
	req, err := json.Marshal(request{ID: h.next, Script: script, Args: args, Env: env})
	if err != nil {
		return Result{}, err
	}
	type got struct {
		line []byte
		err  error
	}
	ch := make(chan got, 1)
	go func() {
		if _, err := h.in.Write(append(req, '\n')); err != nil {
			ch <- got{err: err}
			return
		}
		line, err := h.out.ReadBytes('\n')
		ch <- got{line, err}
	}()
	timer := time.NewTimer(CallTimeout)
	defer timer.Stop()
	select {
	case g := <-ch:
		if g.err != nil {
			return Result{}, h.fail(fmt.Errorf("helper died: %w", g.err))
		}
		var a answer
		if err := json.Unmarshal(g.line, &a); err != nil || a.ID != h.next {
			return Result{}, h.fail(fmt.Errorf("helper answered %q (%v)", g.line, err))
		}
		return a.result()
	case <-timer.C:
		return Result{}, h.fail(fmt.Errorf("no answer within %v", CallTimeout))
	}
}

func (a answer) result() (Result, error) {
	r := Result{Code: a.Code}
	for _, chunk := range a.Out {
		stream, _ := chunk[0].(float64)
		text, _ := chunk[1].(string)
		r.Combined = append(r.Combined, text...)
		switch stream {
		case 1:
			r.Stdout = append(r.Stdout, text...)
		case 2:
			r.Stderr = append(r.Stderr, text...)
		default:
			return r, fmt.Errorf("helper answered stream %v", chunk[0])
		}
	}
	return r, nil
}

// start launches node on helper.mjs with requests on stdin and answers on
// fd 3. The helper ends by itself when the test binary exits (stdin closes).
func (h *helper) start() error {
	ar, aw, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("node", "--input-type=module", "-e", helperSource)
	cmd.Env = os.Environ()
	cmd.ExtraFiles = []*os.File{aw}
	h.stderr = &tailBuffer{}
	cmd.Stdout = h.stderr
	cmd.Stderr = h.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		ar.Close()
		aw.Close()
		return err
	}
	if err := cmd.Start(); err != nil {
		ar.Close()
		aw.Close()
		return fmt.Errorf("start node helper: %w", err)
	}
	aw.Close()
	h.cmd, h.in, h.out = cmd, in, bufio.NewReader(ar)
	go func() { cmd.Wait(); ar.Close() }()
	return nil
}

// fail kills the helper after a broken call, so the next call starts afresh.
func (h *helper) fail(err error) error {
	h.cmd.Process.Kill()
	h.in.Close()
	tail := h.stderr.String()
	h.cmd = nil
	if tail != "" {
		return fmt.Errorf("%w\nhelper output:\n%s", err, tail)
	}
	return err
}

// tailBuffer keeps the last 16 KiB of what the helper printed outside its
// calls (node warnings, a crash), for the error of a failed call.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if n := len(b.buf); n > 16<<10 {
		b.buf = append([]byte(nil), b.buf[n-16<<10:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(bytes.TrimSpace(b.buf))
}
