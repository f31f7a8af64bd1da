package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/automem/automem/internal/target"

	"github.com/automem/automem/internal/patch"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/intent"
)

// entry is one item of one agent's memory, with the ID inbox shows for it.
type entry struct {
	ID   string
	Item *inbox.Item
	Mem  memory
}

// entries loads the items of every memory of the project (narrowed by
// --agent). IDs stay as the item has them when one agent has items, and
// are qualified <agent>:<id> when several do, so that the same id in two
// agents' memories is never ambiguous. writable finishes interrupted
// applies first, as a command that changes files must.
func (g *Globals) entries(env *cli.Env, writable bool) ([]memory, []entry, error) {
	mems, err := g.memories(env)
	if err != nil {
		return nil, nil, err
	}
	var out []entry
	with := map[string]bool{}
	for _, m := range mems {
		if writable {
			if err := recoverInterrupted(env, m.Paths); err != nil {
				return nil, nil, err
			}
		}
		items, err := loadItems(env, m.Paths)
		if err != nil {
			return nil, nil, err
		}
		for _, it := range items {
			out = append(out, entry{ID: it.ID, Item: it, Mem: m})
			with[m.Agent] = true
		}
	}
	if len(with) > 1 {
		for i := range out {
			out[i].ID = out[i].Mem.Agent + ":" + out[i].Item.ID
		}
	}
	return mems, out, nil
}

// findEntry returns the entry with this id: <agent>:<id>, or an item id
// alone when only one agent has an item of that id.
func findEntry(es []entry, id string) (entry, error) {
	agent, bare, qualified := strings.Cut(id, ":")
	if !qualified || !slices.Contains(target.Agents(), agent) {
		agent, bare = "", id
	}
	var match []entry
	for _, a := range target.Agents() {
		if agent != "" && a != agent {
			continue
		}
		var items []*inbox.Item
		for _, e := range es {
			if e.Mem.Agent == a {
				items = append(items, e.Item)
			}
		}
		if it, err := inbox.Find(items, bare); err == nil {
			for _, e := range es {
				if e.Item == it {
					match = append(match, e)
				}
			}
		}
	}
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		for _, e := range es {
			if e.Item.Group == inbox.GroupAttention && strings.HasPrefix(e.Item.ID, bare+"/") && (agent == "" || e.Mem.Agent == agent) {
				// A held memory patch (a symlinked GEMINI.md): say why
				// rather than that nothing is there.
				return entry{}, fmt.Errorf("%s needs attention as %s: %s", id, e.ID, strings.TrimPrefix(e.Item.Reason, intent.AttentionPrefix))
			}
		}
		return entry{}, fmt.Errorf("no inbox item %q (see inbox list)", id)
	}
	ids := make([]string, len(match))
	for i, e := range match {
		ids[i] = e.ID
	}
	return entry{}, fmt.Errorf("%q is pending for several agents: say which (%s)", id, strings.Join(ids, ", "))
}

// agentShown reports whether list names the agent of each item: always
// unless the project's only memory is Gemini CLI's, whose list stays as
// Gemini CLI users know it.
func agentShown(mems []memory) bool {
	return len(mems) > 1 || len(mems) == 1 && mems[0].Agent != "gemini"
}

// sharedNote says, for a project-kind item, that its file is the team's:
// tracked by git when it is, else in the repository for everyone.
func sharedNote(e entry) string {
	if e.Item.Kind != patch.Project {
		return ""
	}
	if tracked(e.Mem.Paths.WorkspaceRoot, e.Mem.Paths.Targets.ProjectMemory) {
		return "shared with the team (tracked by git)"
	}
	return "shared with the team (in the repository, not tracked by git yet)"
}
