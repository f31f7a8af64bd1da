package memdir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPending: inbox patches and a memory's skill drafts are pending; the
// memory files and an agent's user skills (no automem dir beside them)
// are not.
func TestPending(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "gemini", "tmp", "proj", "memory")
	if err := os.MkdirAll(filepath.Join(data, ownDir), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want bool
	}{
		{filepath.Join(data, inboxDir, "private", "extraction.patch"), true},
		{filepath.Join(data, skillsDir, "release", "SKILL.md"), true},
		{filepath.Join(data, skillsDir, "release.patch"), true},
		{filepath.Join(data, "MEMORY.md"), false},
		{filepath.Join(data, "topic.md"), false},
		{filepath.Join(root, "gemini", skillsDir, "release", "SKILL.md"), false},
		{filepath.Join(root, "GEMINI.md"), false},
	} {
		if got := Pending(tc.path); got != tc.want {
			t.Errorf("Pending(%s) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
