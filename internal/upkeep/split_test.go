package upkeep_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/upkeep"
)

// privateItem is the private inbox item after a pass.
func privateItem(t *testing.T, w *world) *inbox.Item { return itemOf(t, w, "private") }

// itemOf is the inbox item id after a pass.
func itemOf(t *testing.T, w *world, id string) *inbox.Item {
	t.Helper()
	items, _, err := inbox.Scan(w.p)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.ID == id {
			return it
		}
	}
	t.Fatalf("no %s item", id)
	return nil
}

// decide sets d on the change line of file base whose text contains s.
func decide(t *testing.T, it *inbox.Item, sel inbox.Selection, base string, op patch.Op, s string, d patch.Decision) {
	t.Helper()
	for _, h := range it.Hunks {
		if filepath.Base(h.Section.Path) != base {
			continue
		}
		for i, l := range h.Hunk.Lines {
			if l.Op == op && strings.Contains(l.Text, s) {
				if sel[h.Hunk] == nil {
					sel[h.Hunk] = make([]patch.Decision, len(h.Hunk.Lines))
				}
				sel[h.Hunk][i] = d
				return
			}
		}
	}
	t.Fatalf("no %v line %q in %s", op, s, base)
}

// TestSplitReviewLosesNothing: a removal upkeep proposes and the copy that
// keeps the line (archive.md, or the topic file of a move) are decided
// together, line by line or hunk by hunk.
func TestSplitReviewLosesNothing(t *testing.T) {
	t.Parallel()
	const pub, docker = "Publish releases with `tools/publish.sh`.", "Integration tests need Docker running."
	t.Run("apply the removal alone", func(t *testing.T) {
		w := newWorld(t)
		w.pass(t)
		it := privateItem(t, w)
		sel := inbox.Selection{}
		decide(t, it, sel, "MEMORY.md", patch.Delete, pub, inbox.Apply)
		decide(t, it, sel, "MEMORY.md", patch.Delete, docker, inbox.Apply)
		if _, err := inbox.Commit(w.p, it, sel, fixtureNow); err != nil {
			t.Fatal(err)
		}
		mem := w.p.Targets.MemoryDir
		if s := read(t, w.p.Index()); strings.Contains(s, pub) || strings.Contains(s, docker) {
			t.Errorf("removals not applied:\n%s", s)
		}
		if s := read(t, w.p.Archive()); !strings.Contains(s, "- "+pub+" (archived 2026-12-01 from MEMORY.md line 5: ") {
			t.Errorf("archive.md lost the line:\n%s", s)
		}
		if s := read(t, filepath.Join(mem, "testing.md")); !strings.Contains(s, "- "+docker) {
			t.Errorf("testing.md lost the line:\n%s", s)
		}
	})
	t.Run("dismiss the archive hunk, apply the rest", func(t *testing.T) {
		w := newWorld(t)
		w.pass(t)
		it := privateItem(t, w)
		sel := inbox.Selection{}
		for _, h := range it.Hunks {
			if filepath.Base(h.Section.Path) == "archive.md" {
				sel[h.Hunk] = patch.Fill(h.Hunk, inbox.Dismiss)
			}
		}
		if _, err := inbox.Commit(w.p, it, sel, fixtureNow); err != nil {
			t.Fatal(err)
		}
		applyAll(t, w)
		if s := read(t, w.p.Index()); !strings.Contains(s, pub) || strings.Contains(s, docker) {
			t.Errorf("archived lines must stay, moved ones go:\n%s", s)
		}
	})
	t.Run("apply the removal, dismiss its copy", func(t *testing.T) {
		w := newWorld(t)
		w.pass(t)
		it := privateItem(t, w)
		sel := inbox.Selection{}
		decide(t, it, sel, "MEMORY.md", patch.Delete, pub, inbox.Apply)
		decide(t, it, sel, "archive.md", patch.Add, pub, inbox.Dismiss)
		_, err := inbox.Commit(w.p, it, sel, fixtureNow)
		if err == nil || !strings.Contains(err.Error(), "would lose the line") {
			t.Fatalf("err = %v, want a refusal", err)
		}
		if s := read(t, w.p.Index()); !strings.Contains(s, pub) {
			t.Errorf("refused selection changed memory:\n%s", s)
		}
	})
}

// TestSplitReviewAcrossKinds: a line taken out of the global file is kept
// in archive.md of the private patch, another item: the removal is refused
// until its copy is applied, and dismissing the copy is refused while the
// removal is pending.
func TestSplitReviewAcrossKinds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	write(t, w.p.Index(), "# Project Memory\n")
	global := w.p.Targets.GlobalMemory
	const before = "# Global\n\n- Prefer small commits.\n- Prefer small commits.\n"
	write(t, global, before)
	in := w.input(t)
	in.Sessions, in.Tree = nil, nil
	changes, ev := upkeep.Render(in, upkeep.Plan(in))
	if _, err := upkeep.Propose(w.p.Dir, changes, ev, fixtureNow); err != nil {
		t.Fatal(err)
	}
	all := func(it *inbox.Item, d patch.Decision) inbox.Selection {
		sel := inbox.Selection{}
		for _, h := range it.Hunks {
			sel[h.Hunk] = patch.Fill(h.Hunk, d)
		}
		return sel
	}
	g := itemOf(t, w, "global")
	if _, err := inbox.Commit(w.p, g, all(g, inbox.Apply), fixtureNow); err == nil || !strings.Contains(err.Error(), "apply the archive.md copy") {
		t.Fatalf("global removal before its copy: err = %v, want a refusal", err)
	}
	if s := read(t, global); s != before {
		t.Errorf("refused removal changed the global file:\n%s", s)
	}
	pv := privateItem(t, w)
	sel := inbox.Selection{}
	decide(t, pv, sel, "archive.md", patch.Add, "Prefer small commits.", inbox.Dismiss)
	if _, err := inbox.Commit(w.p, pv, sel, fixtureNow); err == nil || !strings.Contains(err.Error(), "dismiss the removal") {
		t.Fatalf("copy dismissed before its removal: err = %v, want a refusal", err)
	}
	if _, err := inbox.Commit(w.p, pv, all(pv, inbox.Apply), fixtureNow); err != nil {
		t.Fatal(err)
	}
	g = itemOf(t, w, "global")
	if _, err := inbox.Commit(w.p, g, all(g, inbox.Apply), fixtureNow); err != nil {
		t.Fatal(err)
	}
	if s := read(t, global); strings.Count(s, "Prefer small commits.") != 1 {
		t.Errorf("global file after the merge:\n%s", s)
	}
	if s := read(t, w.p.Archive()); !strings.Contains(s, "- Prefer small commits. (archived 2026-12-01 from GEMINI.md line 4") {
		t.Errorf("archive.md:\n%s", s)
	}
}
