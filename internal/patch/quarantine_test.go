package patch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestQuarantine(t *testing.T) {
	mem := t.TempDir()
	inbox := filepath.Join(mem, ".inbox", "private")
	mustMkdir(t, inbox)
	src := filepath.Join(inbox, "extraction.patch")
	os.WriteFile(src, []byte("bad patch\n"), 0o644)
	_, perr := Parse([]byte("bad patch\n"))
	now := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	dst, err := Quarantine(mem, filepath.Join(mem, ".automem", "rejected"), src, "", perr.Error(), now)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(mem, ".automem", "rejected", "20260501T093000Z-extraction.patch")
	if dst != want {
		t.Fatalf("dst %s want %s", dst, want)
	}
	if b, _ := os.ReadFile(dst); string(b) != "bad patch\n" {
		t.Fatalf("content %q", b)
	}
	reason, _ := os.ReadFile(strings.TrimSuffix(dst, ".patch") + ".reason")
	if !strings.HasPrefix(string(reason), "malformed") {
		t.Fatalf("reason %q", reason)
	}
	if _, err := os.Stat(src); !os.IsNotExist(err) {
		t.Fatal("source still in the inbox")
	}
	ents, _ := os.ReadDir(inbox)
	if len(ents) != 0 {
		t.Fatalf("inbox not empty: %v", ents)
	}
	// a second rejection in the same second gets its own name; a hostile label is tamed
	os.WriteFile(src, []byte("again\n"), 0o644)
	dst2, err := Quarantine(mem, filepath.Join(mem, ".automem", "rejected"), src, "../../evil", "noHunks", now)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(dst2) != filepath.Dir(want) || dst2 == dst {
		t.Fatalf("second quarantine at %s", dst2)
	}
	ents, _ = os.ReadDir(filepath.Dir(want))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".automem-tmp") {
			t.Fatalf("temp left: %s", e.Name())
		}
	}
	if len(ents) != 4 {
		t.Fatalf("%d entries in rejected/", len(ents))
	}
}

func TestQuarantineSymlinkedDirStaysInside(t *testing.T) {
	base := t.TempDir()
	mem := filepath.Join(base, "memory")
	outside := filepath.Join(base, "outside")
	mustMkdir(t, mem)
	mustMkdir(t, outside)
	if err := os.Symlink(outside, filepath.Join(mem, ".automem")); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(mem, "x.patch")
	os.WriteFile(src, []byte("x\n"), 0o644)
	if _, err := Quarantine(mem, filepath.Join(mem, ".automem", "rejected"), src, "", "malformed", time.Now()); err == nil {
		t.Fatal("quarantine followed a symlink out of the memory dir")
	}
	ents, _ := os.ReadDir(outside)
	if len(ents) != 0 {
		t.Fatalf("written outside: %v", ents)
	}
	if _, err := os.Stat(src); err != nil {
		t.Fatal("patch lost")
	}
}

func TestQuarantineFromOutsideMemoryDir(t *testing.T) {
	mem := t.TempDir()
	src := filepath.Join(t.TempDir(), "skill.patch")
	os.WriteFile(src, []byte("y\n"), 0o644)
	dst, err := Quarantine(mem, filepath.Join(mem, ".automem", "rejected"), src, "", "doesNotApply: x", time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "y\n" {
		t.Fatalf("copied %q", b)
	}
	if _, err := os.Stat(src); !os.IsNotExist(err) {
		t.Fatal("source kept")
	}
}
