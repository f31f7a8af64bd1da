package main

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/review"
)

// DismissedCmd lists dismissed lines and discarded skills.
type DismissedCmd struct {
	JSON bool `name:"json" help:"Print JSON: [{n,agent,kind,target,text,at,evidence:[{sessionId,path,quote,...}]}]." env:"AUTOMEM_JSON"`
}

// dismissal is one dismissal of one agent memory of the project, numbered
// across them all.
type dismissal struct {
	inbox.Dismissal
	Agent string `json:"agent"`
	mem   *memory
	own   int // its number in its memory (inbox.Restore's)
}

// dismissals lists the dismissals of every agent memory of the project in
// the order they were made, numbered from 1, so restore N finds the one
// dismissed shows as N whichever memory holds it.
func dismissals(mems []memory) ([]dismissal, error) {
	var out []dismissal
	for i := range mems {
		ds, err := inbox.Dismissed(mems[i].Paths)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", mems[i].Agent, err)
		}
		for _, d := range ds {
			out = append(out, dismissal{Dismissal: d, Agent: mems[i].Agent, mem: &mems[i], own: d.N})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At })
	for i := range out {
		out[i].N = i + 1
	}
	return out, nil
}

// Run prints the dismissals, numbered for restore.
func (c *DismissedCmd) Run(g *Globals, env *cli.Env) error {
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	ds, err := dismissals(mems)
	if err != nil {
		return err
	}
	if c.JSON {
		if ds == nil {
			ds = []dismissal{}
		}
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
		fmt.Fprintf(env.Stdout, "%3d  %s  %s  %s%s\n", d.N, d.At, d.Kind, review.Visible(d.Text), agentTag(mems, []string{d.Agent}))
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
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	ds, err := dismissals(mems)
	if err != nil {
		return err
	}
	if c.N < 1 || c.N > len(ds) {
		return fmt.Errorf("no dismissal %d (see inbox dismissed: %d in all)", c.N, len(ds))
	}
	pick := ds[c.N-1]
	if err := recoverInterrupted(env, pick.mem.Paths); err != nil {
		return err
	}
	d, err := inbox.Restore(pick.mem.Paths, pick.own, env.Now())
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
