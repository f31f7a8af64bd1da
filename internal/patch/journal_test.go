package patch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPatchUpdatesJournaled: the patch files an apply decides are updated
// with it, and an apply that stopped after its renames (the journal left)
// has them finished by Recover, except a file that changed since.
func TestPatchUpdatesJournaled(t *testing.T) {
	for _, changed := range []bool{false, true} {
		w := newWorld(t)
		mem := filepath.Join(w.mem, "MEMORY.md")
		one := upd(mem, "@@ -5 +5,2 @@\n - three\n+- four\n")
		p1, p2 := filepath.Join(w.inbox, "a.patch"), filepath.Join(w.inbox, "b.patch")
		w.write(p1, one)
		w.write(p2, one)
		p, err := Parse([]byte(one))
		if err != nil {
			t.Fatal(err)
		}
		pl, err := DryRun(p, w.roots, Private)
		if err != nil {
			t.Fatal(err)
		}
		journal := filepath.Join(w.mem, ".automem", "apply.journal")
		opt := CommitOptions{Journal: journal, Patches: []PatchUpdate{
			{Path: p1, Old: []byte(one), Rest: []byte("rest\n")},
			{Path: p2, Old: []byte(one)},
		}}
		if err := pl.commit(opt); err != nil { // stops after the renames
			t.Fatal(err)
		}
		if changed {
			w.write(p2, one+"more\n")
		}
		rep, err := Recover(journal)
		if got := w.read(mem); !strings.HasSuffix(got, "- three\n- four\n") {
			t.Fatalf("target %q", got)
		}
		if got := w.read(p1); got != "rest\n" {
			t.Fatalf("remainder %q", got)
		}
		_, statErr := os.Stat(p2)
		switch {
		case !changed && (err != nil || !os.IsNotExist(statErr)):
			t.Fatalf("recover %+v %v; decided patch left: %v", rep, err, statErr)
		case changed && (err == nil || len(rep.Stuck) != 1 || w.read(p2) != one+"more\n"):
			t.Fatalf("changed patch: %+v %v", rep, err)
		}
		if _, err := os.Stat(journal); !os.IsNotExist(err) {
			t.Fatal("journal left")
		}
		w.noTemps()
	}
}

// TestCommitLeavesAChangedPatch: Commit does not overwrite a patch file
// that changed after it was reviewed; the journal stays for Recover.
func TestCommitLeavesAChangedPatch(t *testing.T) {
	w := newWorld(t)
	mem := filepath.Join(w.mem, "MEMORY.md")
	one := upd(mem, "@@ -5 +5,2 @@\n - three\n+- four\n")
	pp := w.patchFile(one + "more\n")
	p, _ := Parse([]byte(one))
	pl, err := DryRun(p, w.roots, Private)
	if err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(w.base, "j")
	err = pl.Commit(CommitOptions{Journal: journal, Patches: []PatchUpdate{{Path: pp, Old: []byte(one)}}})
	if err == nil || !strings.Contains(err.Error(), "changed since it was reviewed") {
		t.Fatalf("got %v", err)
	}
	if w.read(pp) != one+"more\n" {
		t.Fatal("changed patch overwritten")
	}
	if _, err := os.Stat(journal); err != nil {
		t.Fatal("journal removed")
	}
}
