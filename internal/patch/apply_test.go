//go:build unix

package patch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRefusalsLeaveEverythingUntouched runs every escape and refusal case
// through Apply and checks the reason, that the patch stays pending and that
// no file in the world (canary included) changed.
func TestRefusalsLeaveEverythingUntouched(t *testing.T) {
	type tc struct {
		name  string
		kind  Kind
		setup func(w *world)
		patch func(w *world) string
		want  Reason
	}
	h := "@@ -1 +1 @@\n-canary\n+owned\n"
	tests := []tc{
		{"dotdot relative", Private, nil, func(w *world) string {
			return upd("b/../../.ssh/authorized_keys", h)
		}, InvalidPatchHeaders},
		{"absolute elsewhere", Private, nil, func(w *world) string { return upd(w.canary, h) }, OutsideAllowedRoots},
		{"dotdot through memory dir", Private, nil, func(w *world) string {
			return upd(w.mem+"/../../../../outside/canary", h)
		}, OutsideAllowedRoots},
		{"symlinked parent (private)", Private, func(w *world) {
			os.Symlink(filepath.Dir(w.canary), filepath.Join(w.mem, "link"))
		}, func(w *world) string { return upd(w.mem+"/link/canary", h) }, OutsideAllowedRoots},
		{"symlinked parent (skill)", Skill, func(w *world) {
			os.Symlink(filepath.Dir(w.canary), filepath.Join(w.home, ".gemini", "skills", "evil"))
		}, func(w *world) string { return create(w.home+"/.gemini/skills/evil/x.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"symlinked skills root", Skill, func(w *world) {
			os.Symlink(filepath.Dir(w.canary), filepath.Join(w.work, ".agents"))
		}, func(w *world) string { return upd(w.work+"/.agents/canary", h) }, OutsideAllowedRoots},
		{"symlinked target outside", Private, func(w *world) {
			os.Symlink(w.canary, filepath.Join(w.mem, "t.md"))
		}, func(w *world) string { return upd(w.mem+"/t.md", h) }, NotRegularFile},
		{"symlinked target inside", Private, func(w *world) {
			os.Symlink(filepath.Join(w.mem, "MEMORY.md"), filepath.Join(w.mem, "t.md"))
		}, func(w *world) string { return upd(w.mem+"/t.md", "@@ -1 +1 @@\n-# Project Memory\n+x\n") }, NotRegularFile},
		{"symlinked global", Global, func(w *world) {
			g := filepath.Join(w.home, ".gemini", "GEMINI.md")
			os.Remove(g)
			os.Symlink(w.canary, g)
		}, func(w *world) string { return upd(w.home+"/.gemini/GEMINI.md", h) }, NotRegularFile},
		{"create over symlink", Private, func(w *world) {
			os.Symlink(w.canary, filepath.Join(w.mem, "t.md"))
		}, func(w *world) string { return create(w.mem+"/t.md", "@@ -0,0 +1 @@\n+x\n") }, NewFileAlreadyExists},
		{"fifo target", Private, func(w *world) {
			if err := syscall.Mkfifo(filepath.Join(w.mem, "f.md"), 0o644); err != nil {
				t.Skip("mkfifo:", err)
			}
		}, func(w *world) string { return upd(w.mem+"/f.md", h) }, NotRegularFile},
		{"directory target", Private, func(w *world) { mustMkdir(t, filepath.Join(w.mem, "d.md")) },
			func(w *world) string { return upd(w.mem+"/d.md", h) }, NotRegularFile},
		{"CVE-2023-23946 shape", Private, func(w *world) {
			os.Symlink(filepath.Dir(w.canary), filepath.Join(w.mem, "symlink"))
		}, func(w *world) string {
			return "diff --git a/symlink b/renamed-symlink\nsimilarity index 100%\nrename from symlink\nrename to renamed-symlink\n" +
				create(w.mem+"/renamed-symlink/create-me", "@@ -0,0 +1 @@\n+x\n")
		}, Unsupported},
		{"t4139 shape", Private, nil, func(w *world) string {
			return "diff --git a/tmp b/tmp\nnew file mode 120000\n" + create(w.mem+"/tmp", "@@ -0,0 +1 @@\n+..\n\\ No newline at end of file\n") +
				create(w.mem+"/tmp/canary", "@@ -0,0 +1 @@\n+x\n")
		}, Unsupported},
		{"ed section after valid hunk", Private, nil, func(w *world) string {
			return upd(w.mem+"/MEMORY.md", "@@ -1 +1 @@\n-# Project Memory\n+# P\n") + "1a\n!cat /etc/passwd > " + w.canary + "\n.\nw\n"
		}, Malformed},
		{"git binary patch", Private, nil, func(w *world) string {
			return "diff --git a/x.md b/x.md\nGIT binary patch\nliteral 6\nNcmZ?b1\n"
		}, Unsupported},
		{"mode lines", Private, nil, func(w *world) string {
			return "diff --git a/MEMORY.md b/MEMORY.md\nold mode 100644\nnew mode 100755\n" + upd(w.mem+"/MEMORY.md", "@@ -1 +1 @@\n-# Project Memory\n+# P\n")
		}, Unsupported},
		{"huge start", Private, nil, func(w *world) string {
			return upd(w.mem+"/MEMORY.md", "@@ -9223372036854775000,1 +1 @@\n-# Project Memory\n+x\n")
		}, TooLarge},
		{"state file", Private, nil, func(w *world) string { return upd(w.mem+"/.extraction-state.json", h) }, OutsideAllowedRoots},
		{"lock file", Private, nil, func(w *world) string { return create(w.mem+"/.extraction.lock", "@@ -0,0 +1 @@\n+{}\n") }, OutsideAllowedRoots},
		{"inbox file", Private, nil, func(w *world) string { return create(w.mem+"/.inbox/private/x.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"skills file", Private, nil, func(w *world) string { return create(w.mem+"/skills/x.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"txt file", Private, nil, func(w *world) string { return create(w.mem+"/notes.txt", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"script", Private, nil, func(w *world) string { return create(w.mem+"/run.sh", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"nested md", Private, nil, func(w *world) string { return create(w.mem+"/sub/x.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"hidden md", Private, nil, func(w *world) string { return create(w.mem+"/.x.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"global memory.md", Global, nil, func(w *world) string { return create(w.home+"/.gemini/memory.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"global notes.md", Global, nil, func(w *world) string { return create(w.home+"/.gemini/notes.md", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"global settings.json", Global, nil, func(w *world) string { return create(w.home+"/.gemini/settings.json", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"global GEMINI.md/x", Global, nil, func(w *world) string { return create(w.home+"/.gemini/GEMINI.md/x", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"global case differs", Global, nil, func(w *world) string { return upd(w.home+"/.gemini/gemini.md", "@@ -1 +1 @@\n-# Global\n+x\n") }, OutsideAllowedRoots},
		{"private patch to global", Private, nil, func(w *world) string { return upd(w.home+"/.gemini/GEMINI.md", "@@ -1 +1 @@\n-# Global\n+x\n") }, OutsideAllowedRoots},
		{"skill root itself", Skill, nil, func(w *world) string { return create(w.home+"/.gemini/skills", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"skill .git", Skill, nil, func(w *world) string { return create(w.work+"/.gemini/skills/.git/config", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"skill hidden file", Skill, nil, func(w *world) string { return create(w.work+"/.gemini/skills/a/.env", "@@ -0,0 +1 @@\n+x\n") }, OutsideAllowedRoots},
		{"file then file below it", Skill, nil, func(w *world) string {
			return create(w.work+"/.gemini/skills/tmp", "@@ -0,0 +1 @@\n+..\n") + create(w.work+"/.gemini/skills/tmp/foo", "@@ -0,0 +1 @@\n+x\n")
		}, Unsupported},
		{"skill missing root", Skill, nil, func(w *world) string { return create(w.home+"/.agents/skills/a/SKILL.md", "@@ -0,0 +1 @@\n+x\n") }, TargetNotFound},
		{"new file exists", Private, nil, func(w *world) string { return create(w.mem+"/MEMORY.md", "@@ -0,0 +1 @@\n+x\n") }, NewFileAlreadyExists},
		{"target not found", Private, nil, func(w *world) string { return upd(w.mem+"/nope.md", "@@ -1 +1 @@\n-a\n+b\n") }, TargetNotFound},
		{"does not apply", Private, nil, func(w *world) string { return upd(w.mem+"/MEMORY.md", "@@ -1 +1 @@\n-# Other\n+x\n") }, DoesNotApply},
		{"target too large", Private, func(w *world) {
			f, _ := os.Create(filepath.Join(w.mem, "big.md"))
			f.Truncate(MaxFileBytes + 1)
			f.Close()
		}, func(w *world) string { return upd(w.mem+"/big.md", h) }, TooLarge},
		{"second file fails", Private, nil, func(w *world) string {
			return upd(w.mem+"/MEMORY.md", "@@ -1 +1 @@\n-# Project Memory\n+# P\n") + create(w.mem+"/a.md", "@@ -0,0 +1 @@\n+a\n") +
				upd(w.mem+"/MEMORY.md", "@@ -3 +3 @@\n-- nope\n+- x\n")
		}, DoesNotApply},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			if c.setup != nil {
				c.setup(w)
			}
			pp := w.patchFile(c.patch(w))
			before := w.snapshot()
			_, err := applyFile(pp, w.roots, c.kind, CommitOptions{})
			if got := ReasonOf(err); got != c.want {
				t.Fatalf("reason %q (%v), want %q", got, err, c.want)
			}
			if !strings.HasPrefix(err.Error(), string(c.want)) {
				t.Fatalf("error %q does not start with its reason", err)
			}
			if d := diffSnapshots(before, w.snapshot()); len(d) > 0 {
				t.Fatalf("files changed: %v", d)
			}
			if w.read(w.canary) != "canary\n" {
				t.Fatal("canary changed")
			}
			if _, err := os.Stat(pp); err != nil {
				t.Fatalf("patch not pending: %v", err)
			}
			w.noTemps()
		})
	}
}

func TestHugePatchRefusedUnread(t *testing.T) {
	w := newWorld(t)
	pp := filepath.Join(w.inbox, "extraction.patch")
	f, err := os.Create(pp)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	before := w.snapshot()
	_, err = applyFile(pp, w.roots, Private, CommitOptions{})
	if ReasonOf(err) != TooLarge {
		t.Fatalf("got %v", err)
	}
	if d := diffSnapshots(before, w.snapshot()); len(d) > 0 {
		t.Fatal(d)
	}
}

func TestApplyUpdateCreateAndPointer(t *testing.T) {
	w := newWorld(t)
	text := upd(w.mem+"/MEMORY.md", "@@ -3,2 +3,3 @@\n - one\n+- one and a half\n - two\n") +
		create(w.mem+"/testing-notes.md", "@@ -0,0 +1,2 @@\n+# Testing\n+- use go test\n")
	pp := w.patchFile(text)
	pl, err := applyFile(pp, w.roots, Private, CommitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantMem := "# Project Memory\n\n- one\n- one and a half\n- two\n- three\n- See " + w.mem + "/testing-notes.md for testing notes notes.\n"
	if got := w.read(filepath.Join(w.mem, "MEMORY.md")); got != wantMem {
		t.Fatalf("MEMORY.md:\n%s\nwant\n%s", got, wantMem)
	}
	if got := w.read(filepath.Join(w.mem, "testing-notes.md")); got != "# Testing\n- use go test\n" {
		t.Fatalf("topic: %q", got)
	}
	if _, err := os.Stat(pp); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("patch file not removed after apply")
	}
	if len(pl.Changes) != 2 || !pl.Changes[0].Pointer {
		t.Fatalf("plan: %+v", pl.Changes)
	}
	w.noTemps()
}

func TestPointerCreatesMemoryAndSkipsExisting(t *testing.T) {
	w := newWorld(t)
	os.Remove(filepath.Join(w.mem, "MEMORY.md"))
	pp := w.patchFile(create(w.mem+"/db.md", "@@ -0,0 +1 @@\n+x\n"))
	if _, err := applyFile(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "# Project Memory\n- See " + w.mem + "/db.md for db notes.\n"
	if got := w.read(filepath.Join(w.mem, "MEMORY.md")); got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	// A patch that already points at its new file gets no second pointer.
	pp = w.patchFile(upd(w.mem+"/MEMORY.md", "@@ -2 +2,2 @@\n - See "+w.mem+"/db.md for db notes.\n+- api.md has the API notes\n") +
		create(w.mem+"/api.md", "@@ -0,0 +1 @@\n+y\n"))
	if _, err := applyFile(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := w.read(filepath.Join(w.mem, "MEMORY.md")); strings.Count(got, "api.md") != 1 {
		t.Fatalf("pointer duplicated: %q", got)
	}
}

func TestHardLinkedTargetKeepsOtherName(t *testing.T) {
	w := newWorld(t)
	target := filepath.Join(w.mem, "h.md")
	if err := os.Link(w.canary, target); err != nil {
		t.Skip("hard links:", err)
	}
	pp := w.patchFile(upd(target, "@@ -1 +1 @@\n-canary\n+mine\n"))
	if _, err := applyFile(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if w.read(target) != "mine\n" || w.read(w.canary) != "canary\n" {
		t.Fatalf("target %q canary %q", w.read(target), w.read(w.canary))
	}
}

func TestApplyKeepsMode(t *testing.T) {
	w := newWorld(t)
	p := filepath.Join(w.mem, "MEMORY.md")
	os.Chmod(p, 0o600)
	pp := w.patchFile(upd(p, "@@ -1 +1 @@\n-# Project Memory\n+# P\n"))
	if _, err := applyFile(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode())
	}
}

func TestGlobalAndSkillApply(t *testing.T) {
	w := newWorld(t)
	g := filepath.Join(w.home, ".gemini", "GEMINI.md")
	pp := w.patchFile(upd(g, "@@ -3 +3,2 @@\n - g1\n+- g2\n"))
	if _, err := applyFile(pp, w.roots, Global, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if w.read(g) != "# Global\n\n- g1\n- g2\n" {
		t.Fatalf("global: %q", w.read(g))
	}
	s := w.work + "/.gemini/skills/new-skill/scripts/SKILL.md"
	pp = w.patchFile(create(s, "@@ -0,0 +1 @@\n+x\n") + upd(w.home+"/.gemini/skills/deploy/SKILL.md", "@@ -5 +5 @@\n-step 1\n+step one\n"))
	if _, err := applyFile(pp, w.roots, Skill, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if w.read(s) != "x\n" || !strings.HasSuffix(w.read(w.home+"/.gemini/skills/deploy/SKILL.md"), "step one\n") {
		t.Fatal("skill apply")
	}
}

func TestCaseInsensitiveGlobal(t *testing.T) {
	w := newWorld(t)
	w.roots.CaseInsensitive = true
	p, err := Parse([]byte(upd(w.home+"/.gemini/gemini.MD", "@@ -1 +1 @@\n-# Global\n+x\n")))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(p, w.roots, Global); err != nil {
		t.Fatalf("case-insensitive global refused: %v", err)
	}
}

func TestTargetChangedBetweenDryRunAndCommit(t *testing.T) {
	w := newWorld(t)
	mem := filepath.Join(w.mem, "MEMORY.md")
	p, err := Parse([]byte(upd(mem, "@@ -1 +1 @@\n-# Project Memory\n+# P\n") + create(w.mem+"/a.md", "@@ -0,0 +1 @@\n+a\n")))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := DryRun(p, w.roots, Private)
	if err != nil {
		t.Fatal(err)
	}
	w.write(mem, "# Project Memory\nuser edit\n")
	if err := pl.Commit(CommitOptions{}); ReasonOf(err) != TargetChanged {
		t.Fatalf("got %v", err)
	}
	if w.read(mem) != "# Project Memory\nuser edit\n" {
		t.Fatal("user edit lost")
	}
	if _, err := os.Stat(filepath.Join(w.mem, "a.md")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a.md created")
	}
	w.noTemps()
}

func TestRollbackOnLateFailure(t *testing.T) {
	w := newWorld(t)
	mem := filepath.Join(w.mem, "MEMORY.md")
	orig := w.read(mem)
	text := upd(mem, "@@ -1 +1 @@\n-# Project Memory\n+# P\n") + create(w.mem+"/a.md", "@@ -0,0 +1 @@\n+a\n") + create(w.mem+"/b.md", "@@ -0,0 +1 @@\n+b\n")
	pp := w.patchFile(text)
	for _, failAt := range []int{1, 2, 3} {
		before := w.snapshot()
		_, err := applyFile(pp, w.roots, Private, CommitOptions{AfterRename: func(done int) error {
			if done == failAt {
				return errors.New("injected")
			}
			return nil
		}})
		if err == nil || !strings.Contains(err.Error(), "injected") {
			t.Fatalf("failAt %d: %v", failAt, err)
		}
		if d := diffSnapshots(before, w.snapshot()); len(d) > 0 {
			t.Fatalf("failAt %d: not rolled back: %v", failAt, d)
		}
		if w.read(mem) != orig {
			t.Fatal("MEMORY.md not restored")
		}
		w.noTemps()
	}
	// Someone edits a later target after the first rename: all rolled back.
	before := w.snapshot()
	_, err := applyFile(pp, w.roots, Private, CommitOptions{AfterRename: func(done int) error {
		if done == 1 {
			w.write(filepath.Join(w.mem, "b.md"), "someone\n")
		}
		return nil
	}})
	if ReasonOf(err) != TargetChanged {
		t.Fatalf("got %v", err)
	}
	after := w.snapshot()
	delete(after, filepath.Join(w.mem, "b.md"))
	if d := diffSnapshots(before, after); len(d) > 0 {
		t.Fatalf("not rolled back: %v", d)
	}
	if w.read(filepath.Join(w.mem, "b.md")) != "someone\n" {
		t.Fatal("other writer's file lost")
	}
}

func TestCanonicalSpellingOfRoots(t *testing.T) {
	w := newWorld(t)
	alias := filepath.Join(w.base, "alias")
	if err := os.Symlink(w.home, alias); err != nil {
		t.Fatal(err)
	}
	// configured through the alias, the patch uses the real spelling
	roots := w.roots
	roots.MemoryDir = filepath.Join(alias, ".gemini", "tmp", "proj", "memory")
	roots.GlobalMemory = filepath.Join(alias, ".gemini", "GEMINI.md")
	roots.SkillRoots = []string{filepath.Join(alias, ".gemini", "skills")}
	for _, c := range []struct {
		kind Kind
		text string
	}{
		{Private, upd(w.mem+"/MEMORY.md", "@@ -1 +1 @@\n-# Project Memory\n+# P\n")},
		{Global, upd(w.home+"/.gemini/GEMINI.md", "@@ -1 +1 @@\n-# Global\n+# G\n")},
		{Skill, create(w.home+"/.gemini/skills/deploy/notes.md", "@@ -0,0 +1 @@\n+n\n")},
		{Private, upd(roots.MemoryDir+"/MEMORY.md", "@@ -1 +1 @@\n-# P\n+# Q\n")},
	} {
		pp := w.patchFile(c.text)
		if _, err := applyFile(pp, roots, c.kind, CommitOptions{}); err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
	}
	if w.read(w.mem+"/MEMORY.md") != "# Q\n\n- one\n- two\n- three\n" {
		t.Fatal(w.read(w.mem + "/MEMORY.md"))
	}
}

func TestNoPointerForLowercaseMemoryMD(t *testing.T) {
	w := newWorld(t)
	os.Remove(filepath.Join(w.mem, "MEMORY.md"))
	pp := w.patchFile(create(w.mem+"/memory.md", "@@ -0,0 +1 @@\n+x\n"))
	pl, err := applyFile(pp, w.roots, Private, CommitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pl.Changes) != 1 {
		t.Fatalf("pointer added for memory.md: %d changes", len(pl.Changes))
	}
}
