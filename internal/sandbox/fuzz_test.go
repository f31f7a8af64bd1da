package sandbox

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/memdir"
)

// FuzzPaths throws arbitrary model-chosen paths at every tool. Whatever the
// path, no answer may carry content from outside the roots, and a write may
// only ever land on an allowed target.
func FuzzPaths(f *testing.F) {
	for _, s := range []string{
		"MEMORY.md", "../../.bashrc", "/etc/passwd", "skills/a/SKILL.md", ".inbox/private/extraction.patch",
		"skills/../../.extraction-state.json", "skills/out/canary", "skills/tomem/.extraction.lock", "~/.ssh/id_rsa",
		"skills/" + strings.Repeat("a", 300) + "/x", "./skills//b/./c.md", "..", "/", "skills/\x00x",
	} {
		f.Add(s)
	}
	w := newWorld(f)
	if err := os.Symlink(w.outside, filepath.Join(w.mem, "skills", "out")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(w.mem, "skills", "tomem")); err != nil {
		f.Fatal(err)
	}
	outside := snapshot(f, w.outside)
	home := snapshot(f, filepath.Join(w.home, ".ssh"))
	s, err := New(Config{Memory: memdir.Shared(w.mem, "", nil), SkillRoots: []string{w.skills}, Transcripts: []string{w.transcript},
		Render: func(string, int, int) (string, error) { return "rendered", nil }, MaxWrites: 1 << 30})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	f.Fuzz(func(t *testing.T, p string) {
		for _, out := range []func() (string, error){
			func() (string, error) { return s.ReadFile(p, 0, 0) },
			func() (string, error) { return s.ListDirectory(p) },
			func() (string, error) { return s.Glob("**", p) },
			func() (string, error) { return s.Glob(p, "") },
			func() (string, error) { return s.GrepSearch(".", p, "") },
		} {
			got, _ := out()
			for _, leak := range []string{"outside canary", "secret\n", "# canary bashrc"} {
				if strings.Contains(got, leak) {
					t.Fatalf("path %q leaked %q", p, leak)
				}
			}
		}
		_, _ = s.WriteFile(p, "FUZZ\n")
		_, _ = s.Replace(p, "", "FUZZ\n", 1)
		for _, wp := range s.Written() {
			if !w.allowedWrite(wp) {
				t.Fatalf("path %q wrote %s", p, wp)
			}
		}
		if got := snapshot(t, w.outside); !maps.Equal(got, outside) {
			t.Fatalf("path %q changed the outside dir", p)
		}
		if got := snapshot(t, filepath.Join(w.home, ".ssh")); !maps.Equal(got, home) {
			t.Fatalf("path %q changed ~/.ssh", p)
		}
	})
}
