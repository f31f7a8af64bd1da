package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/internal/textkey"
	"github.com/automem/automem/internal/tombstone"
)

// pendingSet is the memory lines one agent's inbox has pending, by key.
type pendingSet map[string]string

// oneDecision carries a person's decisions across a project's targets:
// when its setting sends candidates to several agents' memories (extract
// --targets, inbox targets), the same fact waits in each, and applying or
// dismissing it in one applies or dismisses it in all. before is what each
// memory had pending before the command; a line gone since was decided:
// applied when its memory's files now have it, dismissed when its
// tombstones do. decision, when not "", is the history hash of the first
// change, which the carried ones name so that log, undo and redo treat
// them as one. It returns a note per memory it changed.
func oneDecision(env *cli.Env, g *Globals, mems []memory, before map[string]pendingSet, decision string) []string {
	if len(mems) < 2 || !sharedTargets(g, mems[0].Paths.ProjectRoot) {
		return nil
	}
	applied, dismissed := map[string]bool{}, map[string]bool{}
	for _, m := range mems {
		now := pendingOf(env, m)
		tombs, _ := tombstone.Load(m.Paths.Tombstones())
		files := fileLines(m)
		for k, text := range before[m.Agent] {
			_, still := now[k]
			switch {
			case still:
			case files[k]:
				applied[k] = true
			case tombs != nil && tombs.Has(text):
				dismissed[k] = true
			}
		}
	}
	var notes []string
	for _, m := range mems {
		items, err := loadItems(env, m.Paths)
		if err != nil {
			env.Log.Warn().Err(err).Str("agent", m.Agent).Msg("decision not carried to this memory")
			continue
		}
		for _, it := range items {
			if it.Group != inbox.GroupMemory {
				continue
			}
			sel := inbox.Selection{}
			for _, h := range it.Hunks {
				ds := make([]patch.Decision, len(h.Hunk.Lines))
				for i, l := range h.Hunk.Lines {
					k := lineKey(m, l.Text)
					switch {
					case l.Op != patch.Add:
					case applied[k]:
						ds[i] = patch.Apply
					case dismissed[k]:
						ds[i] = patch.Dismiss
					}
				}
				sel[h.Hunk] = settleStructure(h.Hunk, ds)
			}
			if !inbox.Decided(it, sel) {
				continue
			}
			res, err := inbox.CommitAs(m.Paths, it, sel, env.Now(), decision)
			if err != nil {
				env.Log.Warn().Err(err).Str("agent", m.Agent).Str("item", it.ID).Msg("decision not carried to this memory")
				continue
			}
			notes = append(notes, fmt.Sprintf("%s:%s: %s applied, %d dismissed (the same decision)", m.Agent, it.ID,
				plural.Of(res.Applied, "line", "lines"), res.Dismissed))
		}
	}
	return notes
}

// historyLengths are how many changes each memory's history holds, by
// agent, for onlyNewChange.
func historyLengths(mems []memory) map[string]int {
	out := map[string]int{}
	for _, m := range mems {
		entries, _ := history.Open(m.Paths.History()).Log()
		out[m.Agent] = len(entries)
	}
	return out
}

// onlyNewChange is the hash of the one change a review recorded since
// historyLengths gave lengths, the decision its carried copies join; ""
// when it recorded several (each a decision of its own: the copies cannot
// be told apart by decision, so they stay entries of their own) or none.
func onlyNewChange(mems []memory, lengths map[string]int) string {
	var hash string
	n := 0
	for _, m := range mems {
		entries, err := history.Open(m.Paths.History()).Log()
		if err != nil {
			return ""
		}
		added := len(entries) - lengths[m.Agent]
		n += added
		if added == 1 {
			hash = entries[0].Hash
		}
	}
	if n != 1 {
		return ""
	}
	return hash
}

// pendingSets is what each memory has pending now, for oneDecision.
func pendingSets(env *cli.Env, mems []memory) map[string]pendingSet {
	out := map[string]pendingSet{}
	for _, m := range mems {
		out[m.Agent] = pendingOf(env, m)
	}
	return out
}

// pendingOf is the added lines of a memory's pending memory items.
func pendingOf(env *cli.Env, m memory) pendingSet {
	set := pendingSet{}
	items, err := loadItems(env, m.Paths)
	if err != nil {
		return set
	}
	for _, it := range items {
		if it.Group != inbox.GroupMemory {
			continue
		}
		for _, h := range it.Hunks {
			for _, l := range h.Hunk.Lines {
				if l.Op == patch.Add && strings.TrimSpace(l.Text) != "" {
					set[lineKey(m, l.Text)] = l.Text
				}
			}
		}
	}
	return set
}

// fileLines are the lines of a memory's files (index, global, project,
// topic files), by key.
func fileLines(m memory) map[string]bool {
	out := map[string]bool{}
	files := slices.Collect(maps.Values(m.Paths.Files()))
	if dir := m.Paths.Targets.MemoryDir; dir != "" {
		// Topic files beside the index: a line copied from another
		// memory's topic file waits in the one of the same name.
		topics, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		files = append(files, topics...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			out[lineKey(m, l)] = true
		}
	}
	return out
}

// lineKey is a memory line's key across memories: a pointer to a topic
// file names each memory's own dir, so that dir is left out of the key.
func lineKey(m memory, text string) string {
	if dir := m.Paths.Targets.MemoryDir; dir != "" {
		text = strings.ReplaceAll(text, dir, "<memory>")
	}
	return textkey.Key(text)
}

// sharedTargets reports whether the project's setting spans several
// agents' memories.
func sharedTargets(g *Globals, root string) bool {
	if g.StateDir == "" || root == "" {
		return false
	}
	s, err := target.LoadSettings(g.StateDir, root)
	return err == nil && s.Shared()
}

// settleStructure decides the headings and blank lines a hunk adds once all
// of its other added lines are decided, as the decision went (apply when
// any line was applied), so no heading-only remainder stays pending.
func settleStructure(h *patch.Hunk, ds []patch.Decision) []patch.Decision {
	decided, applied := false, false
	for i, l := range h.Lines {
		if l.Op != patch.Add || structural(l.Text) {
			continue
		}
		if ds[i] == patch.Pending {
			return ds
		}
		decided, applied = true, applied || ds[i] == patch.Apply
	}
	if !decided {
		return ds
	}
	d := patch.Dismiss
	if applied {
		d = patch.Apply
	}
	for i, l := range h.Lines {
		if l.Op == patch.Add && structural(l.Text) {
			ds[i] = d
		}
	}
	return ds
}

// structural reports whether an added line is a heading or blank.
func structural(s string) bool {
	t := strings.TrimSpace(s)
	return t == "" || strings.HasPrefix(t, "#")
}
