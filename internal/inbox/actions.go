package inbox

import (
	"strings"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
)

// Memory hunks are not all additions: memory upkeep merges, replaces,
// archives and moves lines. What a hunk does is read from the evidence its
// lines were proposed with (evidence.Item.Action), so `inbox list` can show
// upkeep apart from new lines and `list --json` can name each hunk's action
// (DESIGN §12): add, merge, replace, archive or move.

// Actions returns what each hunk of a patch item does, in hunk order: a
// hunk of archive.md archives, a hunk whose lines upkeep proposed does
// what upkeep recorded for its first such line, any other hunk adds (or
// replaces, when it removes lines).
func Actions(p Paths, it *Item, ev *evidence.Store) []string {
	out := make([]string, 0, len(it.Hunks))
	for _, h := range it.Hunks {
		out = append(out, hunkAction(p, h, ev))
	}
	return out
}

func hunkAction(p Paths, h *HunkRef, ev *evidence.Store) string {
	if p.Targets.MemoryDir != "" && h.Section.Path == p.Archive() {
		return evidence.ActionArchive
	}
	removes := false
	for _, l := range h.Hunk.Lines {
		if l.Op == patch.Context {
			continue
		}
		removes = removes || l.Op == patch.Delete
		if a := lineAction(h.Section.Path, l.Text, ev); a != "" {
			return a
		}
	}
	if removes {
		return evidence.ActionReplace
	}
	return evidence.ActionAdd
}

// lineAction is the upkeep action recorded for a line of target, newest
// first; "" when upkeep did not propose it.
func lineAction(target, text string, ev *evidence.Store) string {
	items := ev.For(text)
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].Action != "" && items[i].Target == target {
			return items[i].Action
		}
	}
	return ""
}

// Updates sums up the memory items' changes for `inbox list`: new lines
// (added, not by upkeep), and per upkeep action the lines it takes out of
// a memory file (merge, replace, archive) or the topic files it moves
// sections to (move). Zero counts are left out.
func Updates(p Paths, items []*Item, ev *evidence.Store) string {
	n := map[string]int{}
	for _, it := range items {
		if it.Group != GroupMemory {
			continue
		}
		for _, h := range it.Hunks {
			if p.Targets.MemoryDir != "" && h.Section.Path == p.Archive() {
				continue // the other side of lines counted where they leave
			}
			moved := false
			for _, l := range h.Hunk.Lines {
				a := lineAction(h.Section.Path, l.Text, ev)
				switch {
				case l.Op == patch.Add && a == "":
					n["new"]++
				case l.Op == patch.Add && a == evidence.ActionMove && !moved && !strings.EqualFold(h.Section.Path, p.Index()):
					n[evidence.ActionMove]++
					moved = true
				case l.Op == patch.Delete && a != "" && a != evidence.ActionMove:
					n[a]++
				}
			}
		}
	}
	var parts []string
	for _, k := range []struct{ key, one, many string }{
		{"new", "new", "new"}, {evidence.ActionMerge, "merge", "merges"}, {evidence.ActionReplace, "replacement", "replacements"},
		{evidence.ActionArchive, "archive", "archives"}, {evidence.ActionMove, "move", "moves"},
	} {
		if c := n[k.key]; c > 0 {
			parts = append(parts, plural.Of(c, k.one, k.many))
		}
	}
	return strings.Join(parts, ", ")
}
