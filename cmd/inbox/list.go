package main

import (
	"encoding/json"
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/review"
)

// ListCmd lists pending items.
type ListCmd struct {
	JSON bool `name:"json" help:"Print JSON: {project:{id,root,memoryDir}, items:[{id,group,title,files,hunks,actions}]}; actions names what each hunk does (add, merge, replace, archive, move)." env:"AUTOMEM_JSON"`
}

type listJSON struct {
	Project struct {
		ID        string `json:"id"`
		Root      string `json:"root"`
		MemoryDir string `json:"memoryDir"`
	} `json:"project"`
	Items []itemJSON `json:"items"`
}

type itemJSON struct {
	ID    string   `json:"id"`
	Group string   `json:"group"`
	Title string   `json:"title"`
	Files []string `json:"files"`
	Hunks int      `json:"hunks"`
	// Actions is what each hunk does, in hunk order: add, merge, replace,
	// archive or move (memory and skill-update items).
	Actions []string `json:"actions,omitempty"`
}

var groupTitles = []struct{ group, title string }{
	{inbox.GroupNewSkill, "New Skills"},
	{inbox.GroupSkillUpdate, "Skill Updates"},
	{inbox.GroupMemory, "Memory Updates"},
	{inbox.GroupAttention, "Needs Attention (edit or discard)"},
	{inbox.GroupRejected, "Rejected"},
}

// Run prints the items.
func (c *ListCmd) Run(g *Globals, env *cli.Env) error {
	_, p, err := g.projectPaths(env)
	if err != nil {
		return err
	}
	items, err := loadItems(env, p)
	if err != nil {
		return err
	}
	ev, err := evidence.Load(p.Evidence())
	if err != nil {
		env.Log.Warn().Err(err).Msg("evidence unreadable: every hunk is listed as an addition")
	}
	if c.JSON {
		var out listJSON
		out.Project.ID, out.Project.Root, out.Project.MemoryDir = p.ProjectID, p.ProjectRoot, p.Targets.MemoryDir
		out.Items = []itemJSON{}
		for _, it := range items {
			files := it.Files
			if files == nil {
				files = []string{}
			}
			ij := itemJSON{ID: it.ID, Group: it.Group, Title: it.Title, Files: files, Hunks: len(it.Hunks)}
			if len(it.Hunks) > 0 {
				ij.Actions = inbox.Actions(p, it, ev)
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
	if len(items) == 0 {
		fmt.Fprintln(env.Stdout, "No items in inbox.")
		return nil
	}
	fmt.Fprintf(env.Stdout, "Memory Inbox (%s)\n", plural.Of(len(items), "item", "items"))
	for _, gt := range groupTitles {
		first := true
		for _, it := range items {
			if it.Group != gt.group {
				continue
			}
			if first {
				title := gt.title
				if tally := inbox.Updates(p, items, ev); gt.group == inbox.GroupMemory && tally != "" {
					title += ": " + tally
				}
				fmt.Fprintf(env.Stdout, "\n%s\n", title)
				first = false
			}
			detail := plural.Of(len(it.Files), "file", "files")
			if len(it.Hunks) > 0 {
				detail = plural.Of(len(it.Hunks), "hunk", "hunks")
			}
			if it.Group == inbox.GroupMemory || it.Group == inbox.GroupAttention {
				fmt.Fprintf(env.Stdout, "  %-28s %s\n", review.Visible(it.ID), review.Visible(it.Title))
				continue
			}
			fmt.Fprintf(env.Stdout, "  %-28s %s (%s)\n", review.Visible(it.ID), review.Visible(it.Title), detail)
		}
	}
	return nil
}
