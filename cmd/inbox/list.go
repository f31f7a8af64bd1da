package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/review"
)

// ListCmd lists pending items.
type ListCmd struct {
	JSON bool `name:"json" help:"Print JSON: {project:{id,root,memoryDir,targets:{agent:{kind:file}}}, items:[{id,agent,group,title,files,hunks,actions}]}; actions names what each hunk does (add, merge, replace, archive, move)." env:"AUTOMEM_JSON"`
}

type listJSON struct {
	Project struct {
		ID        string `json:"id"`
		Root      string `json:"root"`
		MemoryDir string `json:"memoryDir"`
		// Targets maps each agent whose memory the project has to the
		// file each memory kind writes to.
		Targets map[string]map[string]string `json:"targets"`
	} `json:"project"`
	Items []itemJSON `json:"items"`
}

type itemJSON struct {
	ID    string   `json:"id"`
	Agent string   `json:"agent"`
	Group string   `json:"group"`
	Title string   `json:"title"`
	Files []string `json:"files"`
	Hunks int      `json:"hunks"`
	// Actions is what each hunk does, in hunk order: add, merge, replace,
	// archive or move (memory and skill-update items).
	Actions []string `json:"actions,omitempty"`
	// Shared says that a project-kind item's file is the team's.
	Shared string `json:"shared,omitempty"`
}

var groupTitles = []struct{ group, title string }{
	{inbox.GroupNewSkill, "New Skills"},
	{inbox.GroupSkillUpdate, "Skill Updates"},
	{inbox.GroupMemory, "Memory Updates"},
	{inbox.GroupAttention, "Needs Attention (edit or discard)"},
	{inbox.GroupRejected, "Rejected"},
}

// Run prints the items of every agent's memory of the project.
func (c *ListCmd) Run(g *Globals, env *cli.Env) error {
	mems, es, err := g.entries(env, false)
	if err != nil {
		return err
	}
	evs := map[string]*evidence.Store{}
	for _, m := range mems {
		ev, err := evidence.Load(m.Paths.Evidence())
		if err != nil {
			env.Log.Warn().Err(err).Str("agent", m.Agent).Msg("evidence unreadable: every hunk is listed as an addition")
		}
		evs[m.Agent] = ev
	}
	if c.JSON {
		var out listJSON
		first := mems[0]
		out.Project.ID, out.Project.Root, out.Project.MemoryDir = first.Paths.ProjectID, first.Paths.ProjectRoot, first.Paths.Targets.MemoryDir
		out.Project.Targets = map[string]map[string]string{}
		for _, m := range mems {
			out.Project.Targets[m.Agent] = m.Paths.Files()
		}
		out.Items = []itemJSON{}
		for _, e := range es {
			it := e.Item
			files := it.Files
			if files == nil {
				files = []string{}
			}
			ij := itemJSON{ID: e.ID, Agent: e.Mem.Agent, Group: it.Group, Title: it.Title, Files: files, Hunks: len(it.Hunks), Shared: sharedNote(e)}
			if len(it.Hunks) > 0 {
				ij.Actions = inbox.Actions(e.Mem.Paths, it, evs[e.Mem.Agent])
			}
			out.Items = append(out.Items, ij)
		}
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("write list: %w", err)
		}
		return nil
	}
	if len(es) == 0 {
		fmt.Fprintln(env.Stdout, "No items in inbox.")
		return nil
	}
	showAgent := agentShown(mems)
	fmt.Fprintf(env.Stdout, "Memory Inbox (%s)\n", plural.Of(len(es), "item", "items"))
	for _, gt := range groupTitles {
		first := true
		for _, e := range es {
			it := e.Item
			if it.Group != gt.group {
				continue
			}
			if first {
				title := gt.title
				if tally := updates(mems, es, evs); gt.group == inbox.GroupMemory && tally != "" {
					title += ": " + tally
				}
				fmt.Fprintf(env.Stdout, "\n%s\n", title)
				first = false
			}
			title := it.Title
			if showAgent {
				title += " [" + e.Mem.Agent + "]"
			}
			if n := sharedNote(e); n != "" {
				title += " — " + n
			}
			detail := plural.Of(len(it.Files), "file", "files")
			if len(it.Hunks) > 0 {
				detail = plural.Of(len(it.Hunks), "hunk", "hunks")
			}
			if it.Group == inbox.GroupMemory || it.Group == inbox.GroupAttention {
				fmt.Fprintf(env.Stdout, "  %-28s %s\n", review.Visible(e.ID), review.Visible(title))
				continue
			}
			fmt.Fprintf(env.Stdout, "  %-28s %s (%s)\n", review.Visible(e.ID), review.Visible(title), detail)
		}
	}
	return nil
}

// updates is the Memory Updates tally (1 new, 1 merge…) of each agent's
// memory, named by agent when several have one.
func updates(mems []memory, es []entry, evs map[string]*evidence.Store) string {
	var parts []string
	for _, m := range mems {
		var items []*inbox.Item
		for _, e := range es {
			if e.Mem.Agent == m.Agent {
				items = append(items, e.Item)
			}
		}
		if t := inbox.Updates(m.Paths, items, evs[m.Agent]); t != "" {
			parts = append(parts, m.Agent+" "+t)
		}
	}
	if len(parts) == 1 && len(mems) == 1 {
		return strings.TrimPrefix(parts[0], mems[0].Agent+" ")
	}
	return strings.Join(parts, "; ")
}
