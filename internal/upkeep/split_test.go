package upkeep_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
)

// privateItem is the private inbox item after a pass.
func privateItem(t *testing.T, w *world) *inbox.Item {
	t.Helper()
	items, _, err := inbox.Scan(w.p)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.ID == "private" {
			return it
		}
	}
	t.Fatal("no private item")
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
