package scan

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatterMatchesLstat holds the statter (fstatat relative to a held
// directory descriptor on Linux) to os.Lstat: the same kind, size and
// mtime for files, directories and symlinks, the same error for missing
// and too long names, and a name at the length limit of its buffer.
func TestStatterMatchesLstat(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	file := write("session-a.jsonl", "twelve bytes")
	longest := write(strings.Repeat("n", 255), "x") // NAME_MAX
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	var sf statter
	defer sf.close()
	for _, p := range []string{file, longest, sub, link, filepath.Join(sub, "..", "session-a.jsonl")} {
		want, err := osLstat(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := sf.lstat(p)
		if err != nil {
			t.Fatalf("lstat %s: %v", p, err)
		}
		if got != want {
			t.Errorf("lstat %s = %+v, want %+v", p, got, want)
		}
	}
	if fi, _ := sf.lstat(file); fi.size != 12 || !fi.regular || fi.dir {
		t.Errorf("file stat %+v", fi)
	}
	if fi, _ := sf.lstat(link); fi.regular || fi.dir {
		t.Errorf("a symlink is followed: %+v", fi)
	}
	for _, p := range []string{filepath.Join(dir, "missing.jsonl"), filepath.Join(dir, strings.Repeat("m", 256)),
		filepath.Join(dir, "nul\x00.jsonl"), filepath.Join(dir, "nodir", "x.jsonl")} {
		_, werr := os.Lstat(p)
		_, err := sf.lstat(p)
		var pe *fs.PathError
		if err == nil || !errors.As(err, &pe) || pe.Path != p || !errors.Is(err, errors.Unwrap(werr)) {
			t.Errorf("lstat %q: error %v, want one like %v", p, err, werr)
		}
	}
}
