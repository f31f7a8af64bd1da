package patch

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// world is a throw-away home with a Gemini layout and a canary outside
// every allowed root.
type world struct {
	t                            *testing.T
	base, home, mem, inbox, work string
	canary                       string
	roots                        Roots
}

func newWorld(t *testing.T) *world {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, base: base, home: filepath.Join(base, "home"), work: filepath.Join(base, "work")}
	w.mem = filepath.Join(w.home, ".gemini", "tmp", "proj", "memory")
	w.inbox = filepath.Join(w.mem, ".inbox", "private")
	w.canary = filepath.Join(base, "outside", "canary")
	w.write(w.canary, "canary\n")
	w.write(filepath.Join(w.mem, "MEMORY.md"), "# Project Memory\n\n- one\n- two\n- three\n")
	w.write(filepath.Join(w.mem, ".extraction-state.json"), "{\"runs\":[]}\n")
	w.write(filepath.Join(w.home, ".gemini", "GEMINI.md"), "# Global\n\n- g1\n")
	w.write(filepath.Join(w.home, ".gemini", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: d\n---\nstep 1\n")
	mustMkdir(t, filepath.Join(w.work, ".gemini", "skills"))
	mustMkdir(t, w.inbox)
	w.roots = Roots{
		MemoryDir:    w.mem,
		GlobalMemory: filepath.Join(w.home, ".gemini", "GEMINI.md"),
		SkillRoots: []string{
			filepath.Join(w.home, ".gemini", "skills"), filepath.Join(w.home, ".agents", "skills"),
			filepath.Join(w.work, ".gemini", "skills"), filepath.Join(w.work, ".agents", "skills"),
		},
	}
	return w
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func (w *world) write(path, content string) {
	w.t.Helper()
	mustMkdir(w.t, filepath.Dir(path))
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) read(path string) string {
	w.t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// patchFile writes text as an inbox patch and returns its path.
func (w *world) patchFile(text string) string {
	w.t.Helper()
	p := filepath.Join(w.inbox, "extraction.patch")
	w.write(p, text)
	return p
}

// snapshot hashes every file and records every link under base, except
// the inbox patch, so a test can prove nothing else changed.
func (w *world) snapshot() map[string]string {
	w.t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(w.base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == filepath.Join(w.inbox, "extraction.patch") {
			return nil
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[p] = "link:" + l
		case fi.Mode().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = string(sha256.New().Sum(b))
		default:
			out[p] = fi.Mode().Type().String()
		}
		return nil
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

func diffSnapshots(a, b map[string]string) []string {
	var d []string
	for k, v := range a {
		if b[k] != v {
			d = append(d, "changed or removed: "+k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			d = append(d, "added: "+k)
		}
	}
	sort.Strings(d)
	return d
}

// noTemps fails when any staging temp file is left anywhere in the world.
func (w *world) noTemps() {
	w.t.Helper()
	filepath.WalkDir(w.base, func(p string, d fs.DirEntry, err error) error {
		if err == nil && (strings.HasSuffix(p, ".automem-tmp") || strings.HasSuffix(p, ".rollback")) {
			w.t.Errorf("temp file left: %s", p)
		}
		return nil
	})
}

func upd(path, body string) string { return "--- " + path + "\n+++ " + path + "\n" + body }
func create(path, body string) string {
	return "--- /dev/null\n+++ " + path + "\n" + body
}

// applyFile applies the patch file at patchPath as the inbox applies a
// whole patch: read, dry-run, commit, and remove the patch file (recorded
// in the journal, so Recover removes it after a crash too).
func applyFile(patchPath string, roots Roots, kind Kind, opt CommitOptions) (*Plan, error) {
	p, err := ReadFile(patchPath)
	if err != nil {
		return nil, err
	}
	pl, err := DryRun(p, roots, kind)
	if err != nil {
		return nil, err
	}
	opt.Patches = []PatchUpdate{{Path: patchPath}}
	return pl, pl.Commit(opt)
}
