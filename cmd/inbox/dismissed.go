package main

import (
	"encoding/json"
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/review"
)

// DismissedCmd lists dismissed lines and discarded skills.
type DismissedCmd struct {
	JSON bool `name:"json" help:"Print JSON: [{n,kind,target,text,at,evidence:[{sessionId,path,quote,...}]}]." env:"AUTOMEM_JSON"`
}

// Run prints the dismissals, numbered for restore.
func (c *DismissedCmd) Run(g *Globals, env *cli.Env) error {
	_, p, err := g.projectPaths(env)
	if err != nil {
		return err
	}
	ds, err := inbox.Dismissed(p)
	if err != nil {
		return err
	}
	if c.JSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(ds); err != nil {
			return fmt.Errorf("write dismissed: %w", err)
		}
		return nil
	}
	if len(ds) == 0 {
		fmt.Fprintln(env.Stdout, "Nothing dismissed.")
		return nil
	}
	for _, d := range ds {
		fmt.Fprintf(env.Stdout, "%3d  %s  %s  %s\n", d.N, d.At, d.Kind, review.Visible(d.Text))
		for _, e := range d.Evidence {
			fmt.Fprintf(env.Stdout, "       from session %s: %s\n", e.SessionID, review.Visible(e.Quote))
		}
	}
	return nil
}

// RestoreCmd makes one dismissal pending again.
type RestoreCmd struct {
	N int `arg:"" help:"Number of the dismissal (see inbox dismissed)." min:"1" max:"1000000"`
}

// Run removes the tombstone and, for a memory line, makes it pending.
func (c *RestoreCmd) Run(g *Globals, env *cli.Env) error {
	p, err := g.writable(env)
	if err != nil {
		return err
	}
	d, err := inbox.Restore(p, c.N, env.Now())
	if err != nil {
		return err
	}
	if d.Kind == "memory" {
		fmt.Fprintf(env.Stdout, "Restored %q: pending again (inbox review).\n", d.Text)
		return nil
	}
	fmt.Fprintf(env.Stdout, "Restored %s %q: it may be proposed again.\n", d.Kind, d.Text)
	return nil
}
