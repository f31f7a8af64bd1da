package review

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/memdir"
)

// scriptedKeys is a KeyReader that types the given bytes, one per read, as
// a terminal in raw mode would deliver them (Ctrl-C is byte 3, not a
// signal).
type scriptedKeys struct{ keys []byte }

func (k *scriptedKeys) ReadKey(ctx context.Context) (byte, error) {
	if ctx.Err() != nil {
		return 0, ErrInterrupted
	}
	if len(k.keys) == 0 {
		return 0, errors.New("no more keys")
	}
	b := k.keys[0]
	k.keys = k.keys[1:]
	return b, nil
}

// twoHunkInbox writes a MEMORY.md and a pending patch with two hunks and
// returns the paths and the memory file.
func twoHunkInbox(t *testing.T) (inbox.Paths, string) {
	t.Helper()
	mem := filepath.Join(t.TempDir(), "memory")
	if err := os.MkdirAll(filepath.Join(mem, ".inbox", "private"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(mem, "MEMORY.md")
	os.WriteFile(file, []byte("# Project Memory\n- a\n- b\n- c\n- d\n- e\n- f\n- g\n- h\n"), 0o644)
	body := "--- " + file + "\n+++ " + file + "\n@@ -1,3 +1,4 @@\n # Project Memory\n - a\n+- first\n - b\n@@ -8,2 +9,3 @@\n - g\n - h\n+- second\n"
	os.WriteFile(filepath.Join(mem, ".inbox", "private", "extraction.patch"), []byte(body), 0o644)
	return inbox.Paths{Dir: memdir.Shared(mem, "", nil)}, file
}

// TestCtrlCEndsReviewKeepingDecisions: Ctrl-C at the single-key prompt, at
// the line prompt of l, and while the editor runs each end the review with
// ErrInterrupted, and the hunk answered before is applied, the other left
// pending.
func TestCtrlCEndsReviewKeepingDecisions(t *testing.T) {
	for _, c := range []struct {
		name   string
		keys   string
		editor bool
	}{
		{"key prompt", "y\x03", false},
		{"line prompt", "yl1\x03a", false},
		{"editor", "ye", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			paths, file := twoHunkInbox(t)
			items, _, err := inbox.Scan(paths)
			if err != nil || len(items) != 1 {
				t.Fatalf("items %v, %v", items, err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			keys := &scriptedKeys{keys: []byte(c.keys)}
			var out strings.Builder
			s := &Session{In: bufio.NewReader(strings.NewReader("")), Out: &out, Keys: keys, Ctx: ctx, TempDir: t.TempDir()}
			if c.editor {
				// What SIGINT does while the editor runs: the editor dies
				// and this process's context is cancelled.
				s.Editor = func(string) error { cancel(); return errors.New("signal: interrupt") }
			}
			r := &Runner{S: s, Paths: paths, Now: time.Now}
			err = r.Run(items)
			if !errors.Is(err, ErrInterrupted) {
				t.Fatalf("err = %v, want ErrInterrupted\n%s", err, out.String())
			}
			data, _ := os.ReadFile(file)
			if !strings.Contains(string(data), "- first") || strings.Contains(string(data), "- second") {
				t.Errorf("MEMORY.md after the interrupt:\n%s", data)
			}
			pending, _ := os.ReadFile(filepath.Join(filepath.Dir(file), ".inbox", "private", "extraction.patch"))
			if !strings.Contains(string(pending), "+- second") || strings.Contains(string(pending), "+- first") {
				t.Errorf("pending patch after the interrupt:\n%s", pending)
			}
			rest := ""
			if i := strings.IndexByte(c.keys, 3); i >= 0 {
				rest = c.keys[i+1:]
			}
			if string(keys.keys) != rest {
				t.Errorf("keys typed after Ctrl-C: %q unread, want %q (nothing after it may land in the review)", keys.keys, rest)
			}
			if !strings.Contains(out.String(), "Interrupted: decisions made so far are kept") {
				t.Errorf("no interrupt notice:\n%s", out.String())
			}
		})
	}
}

// TestEditorKilledByCtrlCIsAnInterrupt: an editor that died of SIGINT is
// Ctrl-C even before this process's handler has cancelled the context (a
// race a loaded machine lost: exit 1 instead of 130); an editor that fails
// otherwise is a failed edit, offered again.
func TestEditorKilledByCtrlCIsAnInterrupt(t *testing.T) {
	for _, c := range []struct {
		name, script string
		want         func(error) bool
	}{
		{"sigint", `kill -INT $$`, func(err error) bool { return errors.Is(err, ErrInterrupted) }},
		{"exit 1", `exit 1`, func(err error) bool { var ef *editorFailed; return errors.As(err, &ef) }},
		{"sigterm", `kill -TERM $$`, func(err error) bool { var ef *editorFailed; return errors.As(err, &ef) }},
	} {
		s := &Session{TempDir: t.TempDir(), Ctx: context.Background(), Editor: func(string) error {
			return exec.Command("sh", "-c", c.script).Run()
		}}
		if _, err := s.inEditor("x-*.txt", []byte("text")); !c.want(err) {
			t.Errorf("%s: inEditor error = %v", c.name, err)
		}
	}
}
