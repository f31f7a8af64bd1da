package main

import (
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/review"
)

// ShowCmd prints one item in full.
type ShowCmd struct {
	ID string `arg:"" help:"Item ID (see list)."`
}

// Run prints the item: a numbered diff for patch items, every file of a
// skill draft (executables marked), the reason and patch of a rejected one.
func (c *ShowCmd) Run(g *Globals, env *cli.Env) error {
	_, it, err := loadItem(g, env, c.ID)
	if err != nil {
		return err
	}
	color := g.colour(env)
	switch it.Group {
	case inbox.GroupNewSkill:
		fmt.Fprintf(env.Stdout, "%s  %s\n", it.ID, review.Visible(it.Title))
		return review.ShowDraft(env.Stdout, color, it)
	case inbox.GroupRejected, inbox.GroupAttention:
		fmt.Fprintln(env.Stdout, it.ID)
		return review.ShowRejected(env.Stdout, it)
	}
	review.WritePatch(env.Stdout, color, it)
	return nil
}

// loadItem resolves the project and finds one item by id.
func loadItem(g *Globals, env *cli.Env, id string) (inbox.Paths, *inbox.Item, error) {
	_, es, err := g.entries(env, true)
	if err != nil {
		return inbox.Paths{}, nil, err
	}
	e, err := findEntry(es, id)
	return e.Mem.Paths, e.Item, err
}
