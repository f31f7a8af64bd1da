//go:build unix

package patch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpusReasons checks every testdata/patches file against the reason
// listed in expect.txt, without node, and that the accepted ones dry-run.
func TestCorpusReasons(t *testing.T) {
	_, home, mem := interopWorld(t)
	roots := Roots{MemoryDir: mem, GlobalMemory: filepath.Join(home, ".gemini", "GEMINI.md")}
	raw, err := os.ReadFile("../../testdata/patches/expect.txt")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		name, want, _ := strings.Cut(line, " ")
		listed[name] = true
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("../../testdata/patches", name))
			if err != nil {
				t.Fatal(err)
			}
			kind := corpusKind(name)
			p, err := Parse([]byte(expand(string(text), home, mem)))
			if err == nil {
				err = Check(p, roots, kind)
			}
			got := string(ReasonOf(err))
			if err == nil {
				got = "ok"
				if _, err := DryRun(p, roots, kind); err != nil {
					t.Fatalf("accepted patch does not dry-run: %v", err)
				}
			}
			if got != want {
				t.Fatalf("got %s (%v), want %s", got, err, want)
			}
		})
	}
	all, _ := filepath.Glob("../../testdata/patches/*.patch")
	for _, p := range all {
		if !listed[filepath.Base(p)] {
			t.Errorf("%s missing from expect.txt", filepath.Base(p))
		}
	}
}
