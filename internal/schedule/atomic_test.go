package schedule

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomicReplaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	p := filepath.Join(dir, "unit")
	if err := writeFileAtomic(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A hard link to the old file keeps the old bytes: the new file is a
	// new inode renamed into place, never an in-place rewrite.
	link := filepath.Join(dir, "link")
	if err := os.Link(p, link); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(p, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	old, _ := os.ReadFile(link)
	if string(got) != "new" || string(old) != "old" {
		t.Fatalf("file %q, link %q; want new/old", got, old)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("directory has %d entries, want 2 (no temp files)", len(entries))
	}
}

func TestWriteFileAtomicErrorsNamePath(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := writeFileAtomic(filepath.Join(f, "unit"), []byte("x"), 0o644)
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
