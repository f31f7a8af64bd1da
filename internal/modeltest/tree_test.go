package modeltest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTreeAndViolations(t *testing.T) {
	base := t.TempDir()
	allowedDir := filepath.Join(base, "inbox")
	for _, d := range []string{allowedDir, filepath.Join(base, "skip")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(base, "canary"), "keep")
	write(filepath.Join(base, "gone"), "x")
	skip := func(p string) bool { return p == filepath.Join(base, "skip") }
	allowed := func(p string) bool { return strings.HasPrefix(p, allowedDir+string(filepath.Separator)) }
	before := Tree(t, base, skip)

	write(filepath.Join(allowedDir, "ok.patch"), "fine")                    // allowed
	write(filepath.Join(base, "skip", "tmpfile"), "ignored")                // pruned
	write(filepath.Join(base, "canary"), "changed")                         // changed outside
	os.Remove(filepath.Join(base, "gone"))                                  // removed outside
	if err := os.Symlink("/etc", filepath.Join(base, "link")); err != nil { // created outside
		t.Fatal(err)
	}
	got := Violations(before, Tree(t, base, skip), allowed)
	want := []string{
		"changed or created " + filepath.Join(base, "canary"),
		"changed or created " + filepath.Join(base, "link"),
		"removed " + filepath.Join(base, "gone"),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if v := Violations(before, before, allowed); len(v) != 0 {
		t.Fatalf("unchanged tree reported %v", v)
	}
}
