package schedule

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile creates missing directories and converges on the planned
// content and mode, whatever mode an earlier file had.
func TestWriteFileConvergesOnPlan(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	p := filepath.Join(dir, "unit")
	if err := writeFile(&File{Path: p, Data: []byte("old"), Mode: 0o600}); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(&File{Path: p, Data: []byte("new"), Mode: 0o644}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "new" {
		t.Fatalf("file %q, want new", got)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory has %d entries, want 1 (no temp files)", len(entries))
	}
}

func TestWriteFileErrorsNamePath(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := writeFile(&File{Path: filepath.Join(f, "unit"), Data: []byte("x"), Mode: 0o644})
	if err == nil || !strings.Contains(err.Error(), "create directory "+f) {
		t.Fatalf("error = %v, want one naming the directory", err)
	}
}

func TestRemoveFileIsIdempotent(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x")
	if err := os.WriteFile(p, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := removeFile(p); err != nil {
			t.Fatalf("remove #%d: %v", i+1, err)
		}
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("still exists: %v", err)
	}
}
