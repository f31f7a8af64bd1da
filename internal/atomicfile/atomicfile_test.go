//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

func mustWrite(t *testing.T, p, s string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// names lists a directory, so a test can see a temp left behind.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteReplacesByRenameAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	mustWrite(t, p, "old", 0o644)
	// a hard link elsewhere keeps the old bytes: the target is replaced by rename
	other := filepath.Join(dir, "other")
	if err := os.Link(p, other); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "new" {
		t.Fatalf("content = %q", got)
	}
	if got := read(t, other); got != "old" {
		t.Fatalf("hard link changed: %q", got)
	}
	if got := names(t, dir); !reflect.DeepEqual(got, []string{"other", "state.json"}) {
		t.Fatalf("directory = %v, want no temp left", got)
	}
}

func TestModeKeptOrSet(t *testing.T) {
	old := syscall.Umask(0o077) // a umask that would narrow 0644 to 0600
	defer syscall.Umask(old)
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing")
	mustWrite(t, existing, "x", 0o640)
	fresh := filepath.Join(dir, "fresh")
	exact := filepath.Join(dir, "exact")
	mustWrite(t, exact, "x", 0o600)
	for _, c := range []struct {
		path string
		perm os.FileMode
		opts []Option
		want os.FileMode
	}{
		{existing, 0o600, nil, 0o640},                // an existing file keeps its mode
		{fresh, 0o755, nil, 0o755},                   // a new one gets perm, umask or not
		{exact, 0o644, []Option{ExactMode()}, 0o644}, // ExactMode overrides the existing mode
	} {
		if err := Write(c.path, []byte("new"), c.perm, c.opts...); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != c.want {
			t.Errorf("%s: mode %v, want %v", filepath.Base(c.path), fi.Mode().Perm(), c.want)
		}
	}
}

// The durability steps happen in the order that makes a crash safe: data
// written and fsynced before the fence and the rename, the directory
// fsynced after the rename.
func TestStepsInOrder(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	var got []string
	setStep(t, func(what, _ string) error { got = append(got, what); return nil })
	fence := func() error { got = append(got, "fence"); return nil }
	if err := Write(p, []byte("x"), 0o600, Fence(fence)); err != nil {
		t.Fatal(err)
	}
	want := []string{"write", "sync", "fence", "rename", "sync-dir"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("steps %v, want %v", got, want)
	}
}

// setStep installs a step hook for one test.
func setStep(t *testing.T, f func(what, name string) error) {
	old := step
	step = f
	t.Cleanup(func() { step = old })
}

// A failure at any step before the rename (a full disk at write or fsync,
// EXDEV or EACCES at rename) returns an error naming the file, leaves the
// old content and removes the temp. A failure to sync the directory comes
// after the rename: the new content is in place and the error says the
// write may not be durable.
func TestFailedStepLeavesTarget(t *testing.T) {
	for _, at := range []string{"write", "sync", "rename", "sync-dir"} {
		t.Run(at, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "state.json")
			mustWrite(t, p, "old", 0o600)
			setStep(t, func(what, _ string) error {
				if what == at {
					return syscall.ENOSPC
				}
				return nil
			})
			err := Write(p, []byte("new"), 0o600)
			if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), dir) {
				t.Fatalf("err = %v, want ENOSPC naming %s", err, dir)
			}
			want := "old"
			if at == "sync-dir" {
				want = "new"
			}
			if got := read(t, p); got != want {
				t.Fatalf("content %q, want %q", got, want)
			}
			if got := names(t, dir); !reflect.DeepEqual(got, []string{"state.json"}) {
				t.Fatalf("directory = %v, want the temp removed", got)
			}
		})
	}
}

func TestFenceSeesDurableTempAndVetoKeepsOld(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	mustWrite(t, p, "old", 0o600)
	lost := errors.New("lock lost")
	var tempSeen string
	err := Write(p, []byte("new"), 0o600, Fence(func() error {
		for _, n := range names(t, dir) {
			if target, ok := TempOf(n); ok && target == "state.json" {
				tempSeen = read(t, filepath.Join(dir, n))
			}
		}
		return lost
	}))
	if !errors.Is(err, lost) {
		t.Fatalf("err = %v, want the fence's", err)
	}
	if tempSeen != "new" {
		t.Fatalf("at the fence the temp held %q, want the whole new content", tempSeen)
	}
	if got := read(t, p); got != "old" {
		t.Fatalf("vetoed write changed the file to %q", got)
	}
	if got := names(t, dir); !reflect.DeepEqual(got, []string{"state.json"}) {
		t.Fatalf("directory = %v, want the vetoed temp removed", got)
	}
}

func TestNotRegularRefused(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	mustWrite(t, victim, "keep", 0o600)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, fifo, sub} {
		if err := Write(p, []byte("x"), 0o600); !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: err = %v, want ErrNotRegular", filepath.Base(p), err)
		}
	}
	if got := read(t, victim); got != "keep" {
		t.Fatalf("write through a symlink changed its target to %q", got)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("symlink replaced")
	}
}

func TestWriteMissingDirFails(t *testing.T) {
	if err := Write(filepath.Join(t.TempDir(), "nope", "x"), []byte("x"), 0o600); err == nil {
		t.Fatal("want error for missing directory")
	}
}

func TestWriteInNestedAndRefusesEscapes(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "skills", "go"), 0o700); err != nil {
		t.Fatal(err)
	}
	// a symlinked directory inside the root pointing out of it
	if err := os.Symlink(outside, filepath.Join(dir, "skills", "out")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := WriteIn(root, "skills/go/SKILL.md", []byte("body"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dir, "skills", "go", "SKILL.md")); got != "body" {
		t.Fatalf("nested write = %q", got)
	}
	// the temp lived beside the target and is gone
	if got := names(t, filepath.Join(dir, "skills", "go")); !reflect.DeepEqual(got, []string{"SKILL.md"}) {
		t.Fatalf("skills/go = %v", got)
	}
	for _, name := range []string{"../escape", "skills/out/escape", "skills/../../escape", filepath.Join(outside, "escape")} {
		if err := WriteIn(root, name, []byte("x"), 0o600); err == nil {
			t.Errorf("WriteIn(%q) succeeded, want a refusal", name)
		}
	}
	if got := names(t, outside); len(got) != 0 {
		t.Fatalf("files written outside the root: %v", got)
	}
	if _, err := os.Lstat(filepath.Join(filepath.Dir(dir), "escape")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("file written beside the root: %v", err)
	}
}

func TestTempOf(t *testing.T) {
	for name, want := range map[string]string{
		".state.json.0123456789abcdef.automem-tmp":             "state.json",
		"..extraction.lock.0123456789abcdef.automem-tmp":       ".extraction.lock",
		".a.b.0123456789abcdef.automem-tmp":                    "a.b",
		"state.json.0123456789abcdef.automem-tmp":              "",
		".state.json.0123456789abcdeg.automem-tmp":             "",
		".state.json.0123456789abcdef.tmp":                     "",
		".extraction-state.json.tmp":                           "",
		"..0123456789abcdef.automem-tmp":                       "",
		".x0123456789abcdef.automem-tmp":                       "",
		".state.json.automem-0123456789abcdef.tmp":             "",
		".state.json.0123456789abcdef.automem-tmp.automem-tmp": "",
	} {
		got, ok := TempOf(name)
		if ok != (want != "") || got != want {
			t.Errorf("TempOf(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

func TestRemoveOrphans(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, ".extraction-state.json")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	temp := func(name string) string {
		tmp, err := WriteTemp(root, name, []byte("x"), 0o600)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.Join(dir, tmp)
	}
	orphan := temp(".extraction-state.json")
	young := temp(".extraction-state.json")
	otherTarget := temp(".extraction.lock")
	gemini := filepath.Join(dir, ".extraction-state.json.tmp") // Gemini CLI's own temp
	user := filepath.Join(dir, "..extraction-state.json.notes")
	mustWrite(t, gemini, "x", 0o600)
	mustWrite(t, user, "x", 0o600)
	now := time.Now()
	aged := now.Add(-2 * OrphanAge)
	for _, p := range []string{orphan, otherTarget, gemini, user} {
		if err := os.Chtimes(p, aged, aged); err != nil {
			t.Fatal(err)
		}
	}
	got := RemoveOrphans(target, now)
	if want := []string{filepath.Base(orphan)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("removed %v, want %v", got, want)
	}
	if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("old orphan kept")
	}
	for _, p := range []string{young, otherTarget, gemini, user} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}
}

func TestSyncDirErrorsNameTheDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "gone")
	if err := SyncDir(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("err = %v, want one naming %s", err, missing)
	}
}
