//go:build unix

package scan

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGeminiFilesLazyKinds lists a chats dir large enough to take several
// reads of the directory and several path blocks: every session file and
// sub-agent directory comes back once with its full path, and links,
// pipes and other names do not.
func TestGeminiFilesLazyKinds(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(filepath.Join(chats, "parent-1"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{filepath.Join(chats, "parent-1"): true}
	for i := range 1500 {
		name := fmt.Sprintf("session-2026-11-01T00-00-%032d.jsonl", i)
		if i%500 == 0 {
			name = fmt.Sprintf("session-legacy-%d.json", i)
		}
		if err := os.WriteFile(filepath.Join(chats, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
		want[filepath.Join(chats, name)] = false
	}
	for _, name := range []string{"notes.txt", "session-x.jsonl.tmp", "logs.jsonl"} {
		if err := os.WriteFile(filepath.Join(chats, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(chats, "notes.txt"), filepath.Join(chats, "session-link.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(chats, "session-fifo.jsonl"), 0o600); err != nil {
		t.Fatal(err)
	}
	files, err := GeminiFilesLazy(chats, filepath.Join(chats, "missing"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(want) {
		t.Errorf("listed %d files, want %d", len(files), len(want))
	}
	seen := map[string]bool{}
	for _, f := range files {
		isDir, ok := want[f.Path]
		if !ok || seen[f.Path] || isDir != f.Dir || isDir != f.Subagent {
			t.Errorf("unexpected %+v", f)
		}
		seen[f.Path] = true
	}
	if _, err := GeminiFilesLazy(filepath.Join(chats, "notes.txt")); err == nil {
		t.Error("a file listed as a chats dir gives no error")
	}
}
