//go:build unix

package patch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/automem/automem/internal/gref"
)

// oracle runs Gemini CLI's real memory-inbox validator (validate.mjs from the
// shared gref tools) on one patch file.
type oracle struct{}

// findGref returns the validator, installing the gref package if needed; it
// skips the test without node (see gref.Require).
func findGref(t *testing.T) *oracle {
	t.Helper()
	gref.Require(t)
	return &oracle{}
}

type grefResult struct {
	Valid  bool   `json:"valid"`
	Reason string `json:"reason"`
}

func (g *oracle) validate(t *testing.T, patchPath, memDir string, kind Kind, home string) grefResult {
	t.Helper()
	res := gref.Run(t, "validate.mjs", patchPath, memDir, "--kind="+string(kind), "--home="+home)
	var r grefResult
	if jerr := json.Unmarshal(res.Stdout, &r); jerr != nil {
		t.Fatalf("validate.mjs: %v %v: %s", res.Err(), jerr, res.Combined)
	}
	return r
}

// interopWorld lays out the files the testdata/patches corpus refers to.
func interopWorld(t *testing.T) (base, home, mem string) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home = filepath.Join(base, "home")
	mem = filepath.Join(home, ".gemini", "tmp", "proj", "memory")
	files := map[string]string{
		filepath.Join(home, ".gemini", "GEMINI.md"):     "# Global\n\n- g1\n",
		filepath.Join(home, ".gemini", "settings.json"): "{}\n",
		filepath.Join(mem, "MEMORY.md"):                 "# Project Memory\n\n- Run `go test ./...` before committing.\n",
		filepath.Join(mem, "notes.md"):                  "# Notes\n- old fact\n",
		filepath.Join(mem, ".extraction-state.json"):    "{\"runs\":[]}\n",
		filepath.Join(base, "outside", "canary"):        "canary\n",
	}
	for p, c := range files {
		mustMkdir(t, filepath.Dir(p))
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mustMkdir(t, filepath.Join(mem, "skills"))
	mustMkdir(t, filepath.Join(mem, ".inbox", "private"))
	os.Symlink(filepath.Join(base, "outside"), filepath.Join(mem, "link"))
	os.Symlink(filepath.Join(base, "outside", "canary"), filepath.Join(mem, "t.md"))
	return base, home, mem
}

func corpusKind(name string) Kind {
	if strings.HasPrefix(name, "global-") {
		return Global
	}
	return Private
}

func expand(text, home, mem string) string {
	return strings.NewReplacer("@MEM@", mem, "@GHOME@", home).Replace(text)
}

// TestInteropWithGemini checks the corpus against Gemini's validator: what we
// accept, Gemini accepts; what Gemini refuses for its target, we refuse.
func TestInteropWithGemini(t *testing.T) {
	g := findGref(t)
	base, home, mem := interopWorld(t)
	roots := Roots{MemoryDir: mem, GlobalMemory: filepath.Join(home, ".gemini", "GEMINI.md")}
	paths, err := filepath.Glob("../../testdata/patches/*.patch")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	agreeAccept, agreeReject, stricter := 0, 0, 0
	var mu sync.Mutex
	t.Run("corpus", func(t *testing.T) {
		for _, src := range paths {
			name := filepath.Base(src)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				raw, err := os.ReadFile(src)
				if err != nil {
					t.Fatal(err)
				}
				pp := filepath.Join(base, name)
				if err := os.WriteFile(pp, []byte(expand(string(raw), home, mem)), 0o644); err != nil {
					t.Fatal(err)
				}
				kind := corpusKind(name)
				var ours error
				p, ours := ReadFile(pp)
				if ours == nil {
					ours = Check(p, roots, kind)
				}
				gem := g.validate(t, pp, mem, kind, home)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case ours == nil && !gem.Valid:
					t.Fatalf("we accept, Gemini refuses: %s", gem.Reason)
				case ours != nil && gem.Valid:
					stricter++
					t.Logf("stricter than Gemini: %v", ours)
				case ours == nil:
					agreeAccept++
				default:
					agreeReject++
				}
				if !gem.Valid && strings.HasPrefix(gem.Reason, "target file is outside") && ours == nil {
					t.Fatalf("Gemini refuses the target (%s); we accept", gem.Reason)
				}
			})
		}
	})
	t.Logf("corpus %d: both accept %d, both refuse %d, only we refuse %d", len(paths), agreeAccept, agreeReject, stricter)
	if agreeAccept < 5 || agreeReject < 10 {
		t.Fatalf("corpus lost its coverage: accept %d refuse %d", agreeAccept, agreeReject)
	}
}

// TestInteropSelectRemainder applies part of a patch and checks that both
// the chosen part and the pending remainder pass Gemini's validator, and
// that the remainder still dry-runs here on top of the applied part.
func TestInteropSelectRemainder(t *testing.T) {
	g := findGref(t)
	base, home, mem := interopWorld(t)
	roots := Roots{MemoryDir: mem, GlobalMemory: filepath.Join(home, ".gemini", "GEMINI.md")}
	raw, err := os.ReadFile("../../testdata/patches/private-create-topic.patch")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse([]byte(expand(string(raw), home, mem)))
	if err != nil {
		t.Fatal(err)
	}
	// choose "# Testing" and the blank line of the new file, nothing else
	sel, rem, err := Select(p, Pointers(p, decide(p, pick{0, 0, []int{0, 1}, Apply})))
	if err != nil {
		t.Fatal(err)
	}
	for name, q := range map[string]*Patch{"sel.patch": sel, "rem.patch": rem} {
		pp := filepath.Join(base, name)
		os.WriteFile(pp, q.Bytes(), 0o644)
		if r := g.validate(t, pp, mem, Private, home); !r.Valid {
			t.Fatalf("%s refused by Gemini: %s\n%s", name, r.Reason, q.Bytes())
		}
	}
	if _, err := applyFile(filepath.Join(base, "sel.patch"), roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := applyFile(filepath.Join(base, "rem.patch"), roots, Private, CommitOptions{}); err != nil {
		t.Fatalf("remainder does not apply after the selection: %v", err)
	}
	got, _ := os.ReadFile(filepath.Join(mem, "testing.md"))
	if string(got) != "# Testing\n\n- Integration tests need `-tags integration`.\n" {
		t.Fatalf("testing.md = %q", got)
	}
	memMD, _ := os.ReadFile(filepath.Join(mem, "MEMORY.md"))
	if strings.Count(string(memMD), "testing.md") != 1 {
		t.Fatalf("MEMORY.md pointers: %q", memMD)
	}
}

// TestInteropDiffOutput checks that patches the extractors build with Diff
// (an update with and without a final newline, and a creation) pass Gemini's
// validator and apply here.
func TestInteropDiffOutput(t *testing.T) {
	g := findGref(t)
	base, home, mem := interopWorld(t)
	roots := Roots{MemoryDir: mem, GlobalMemory: filepath.Join(home, ".gemini", "GEMINI.md")}
	memPath := filepath.Join(mem, "MEMORY.md")
	old, _ := os.ReadFile(memPath)
	p := &Patch{Files: []*File{
		Diff(memPath, old, append(append([]byte(nil), old...), "- Lint with `just lint`.\n- no final newline"...)),
		Diff(filepath.Join(mem, "ci.md"), nil, []byte("# CI\n\n- The pipeline runs `just ci`.\n")),
	}}
	pp := filepath.Join(base, "diff.patch")
	os.WriteFile(pp, p.Bytes(), 0o644)
	if r := g.validate(t, pp, mem, Private, home); !r.Valid {
		t.Fatalf("Gemini refuses Diff output: %s\n%s", r.Reason, p.Bytes())
	}
	gp := filepath.Join(home, ".gemini", "GEMINI.md")
	gold, _ := os.ReadFile(gp)
	q := &Patch{Files: []*File{Diff(gp, gold, []byte("# Global\n\n- g0\n- g1\n"))}}
	gpp := filepath.Join(base, "gdiff.patch")
	os.WriteFile(gpp, q.Bytes(), 0o644)
	if r := g.validate(t, gpp, mem, Global, home); !r.Valid {
		t.Fatalf("Gemini refuses global Diff output: %s\n%s", r.Reason, q.Bytes())
	}
	if _, err := applyFile(pp, roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := applyFile(gpp, roots, Global, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
}
