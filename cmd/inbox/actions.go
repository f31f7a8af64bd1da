package main

import (
	"errors"
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/review"
	"github.com/automem/automem/internal/skills"
)

// ApplyCmd applies hunks without asking.
type ApplyCmd struct {
	ID    string `arg:"" help:"Patch item ID: private, global or skill-patch/<name>."`
	Hunks string `help:"Hunks to apply, e.g. 1,3-4 (default: all)." placeholder:"LIST" env:"AUTOMEM_HUNKS"`
}

// Run applies the chosen hunks; the rest stays pending.
func (c *ApplyCmd) Run(g *Globals, env *cli.Env) error {
	return decideHunks(g, env, c.ID, c.Hunks, inbox.Apply)
}

// DismissCmd dismisses hunks without asking.
type DismissCmd struct {
	ID    string `arg:"" help:"Patch item ID: private, global or skill-patch/<name>."`
	Hunks string `help:"Hunks to dismiss, e.g. 1,3-4 (default: all)." placeholder:"LIST" env:"AUTOMEM_HUNKS"`
}

// Run dismisses the chosen hunks and records them as tombstones.
func (c *DismissCmd) Run(g *Globals, env *cli.Env) error {
	return decideHunks(g, env, c.ID, c.Hunks, inbox.Dismiss)
}

func decideHunks(g *Globals, env *cli.Env, id, list string, d inbox.Decision) error {
	p, it, err := loadItem(g, env, id)
	if err != nil {
		return err
	}
	if len(it.Hunks) == 0 {
		return fmt.Errorf("%s has no hunks (skill drafts: promote or discard)", id)
	}
	chosen := make([]bool, len(it.Hunks)+1)
	if list == "" {
		for i := range chosen {
			chosen[i] = true
		}
	} else {
		nums, err := patch.ParseRanges(list, len(it.Hunks))
		if err != nil {
			return fmt.Errorf("--hunks %q: %w", list, err)
		}
		for _, n := range nums {
			chosen[n] = true
		}
	}
	sel := inbox.Selection{}
	for _, h := range it.Hunks {
		if chosen[h.N] {
			sel[h.Hunk] = patch.Fill(h.Hunk, d)
		}
	}
	res, err := inbox.Commit(p, it, sel, env.Now())
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	fmt.Fprintf(env.Stdout, "%s: %d lines applied, %d dismissed, %d pending.\n", id, res.Applied, res.Dismissed, res.Pending)
	return nil
}

// PromoteCmd promotes a skill draft.
type PromoteCmd struct {
	ID           string `arg:"" help:"Skill draft ID: skill/<dir>."`
	To           string `help:"Destination scope (${enum})." enum:"user,workspace" required:"" env:"AUTOMEM_TO"`
	AllowScripts bool   `help:"Confirm copying executable files of the draft." env:"AUTOMEM_ALLOW_SCRIPTS"`
}

// Run shows every file that will be copied, then promotes.
func (c *PromoteCmd) Run(g *Globals, env *cli.Env) error {
	p, it, err := loadItem(g, env, c.ID)
	if err != nil {
		return err
	}
	if it.Group != inbox.GroupNewSkill {
		return fmt.Errorf("%s is not a skill draft", c.ID)
	}
	if err := review.ShowDraft(env.Stdout, g.colour(env), it); err != nil {
		return err
	}
	res, err := inbox.Promote(p, it, c.To, c.AllowScripts, env.Now())
	if errors.Is(err, skills.ErrNeedsConfirmation) {
		return fmt.Errorf("%s has executable files (marked above); pass --allow-scripts to copy them", c.ID)
	}
	if err != nil {
		return fmt.Errorf("promote %s: %w", c.ID, err)
	}
	if res.Warning != "" {
		fmt.Fprintf(env.Stderr, "inbox: warning: %s\n", res.Warning)
	}
	fmt.Fprintf(env.Stdout, "Promoted %s to %s.\n", c.ID, res.Dest)
	return nil
}

// DiscardCmd discards an item.
type DiscardCmd struct {
	ID string `arg:"" help:"Item ID."`
}

// Run discards the item; it is remembered so it is not proposed again.
func (c *DiscardCmd) Run(g *Globals, env *cli.Env) error {
	p, it, err := loadItem(g, env, c.ID)
	if err != nil {
		return err
	}
	if err := inbox.Discard(p, it, env.Now()); err != nil {
		return fmt.Errorf("discard %s: %w", c.ID, err)
	}
	fmt.Fprintf(env.Stdout, "Discarded %s.\n", c.ID)
	return nil
}
