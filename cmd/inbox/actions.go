package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/review"
	"github.com/automem/automem/internal/skills"
)

// ApplyCmd applies hunks without asking.
type ApplyCmd struct {
	ID    string `arg:"" help:"Patch item ID: private, global or skill-patch/<name>."`
	Hunks string `help:"Hunks to apply, e.g. 1,3-4 (default: all; no environment variable)." placeholder:"LIST"`
}

// Validate rejects a malformed --hunks while parsing (exit 80).
func (c *ApplyCmd) Validate() error { return checkHunkList(c.Hunks) }

// Run applies the chosen hunks; the rest stays pending.
func (c *ApplyCmd) Run(g *Globals, env *cli.Env) error {
	return decideHunks(g, env, c.ID, c.Hunks, inbox.Apply)
}

// DismissCmd dismisses hunks without asking.
type DismissCmd struct {
	ID    string `arg:"" help:"Patch item ID: private, global or skill-patch/<name>."`
	Hunks string `help:"Hunks to dismiss, e.g. 1,3-4 (default: all; no environment variable)." placeholder:"LIST"`
}

// Validate rejects a malformed --hunks while parsing (exit 80).
func (c *DismissCmd) Validate() error { return checkHunkList(c.Hunks) }

// Run dismisses the chosen hunks and records them as tombstones.
func (c *DismissCmd) Run(g *Globals, env *cli.Env) error {
	return decideHunks(g, env, c.ID, c.Hunks, inbox.Dismiss)
}

// maxHunkNumber bounds a --hunks number before the item is known; no item
// has that many hunks, and it keeps a range like 1-999999999 from being
// expanded.
const maxHunkNumber = 99999

// checkHunkList checks the syntax of a --hunks list (numbers and ranges);
// whether the numbers exist is checked against the item when it runs.
func checkHunkList(list string) error {
	if list == "" {
		return nil
	}
	if _, err := patch.ParseRanges(list, maxHunkNumber); err != nil {
		return fmt.Errorf("--hunks %q: %w (want a list such as 1,3-4)", list, err)
	}
	return nil
}

func decideHunks(g *Globals, env *cli.Env, id, list string, d inbox.Decision) error {
	mems, es, err := g.entries(env, true)
	if err != nil {
		return err
	}
	e, err := findEntry(es, id)
	if err != nil {
		return err
	}
	p, it := e.Mem.Paths, e.Item
	if it.Group == inbox.GroupAttention {
		return fmt.Errorf("%s needs attention: edit or discard it (inbox show %s says why)", id, id)
	}
	before := pendingSets(env, mems)
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
			return cli.Usage(fmt.Errorf("--hunks %q: %w (%s has %s)", list, err, id, plural.Of(len(it.Hunks), "hunk", "hunks")))
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
	fmt.Fprintf(env.Stdout, "%s: %s applied, %d dismissed, %d pending.\n", id, plural.Of(res.Applied, "line", "lines"), res.Dismissed, res.Pending)
	for _, n := range oneDecision(env, g, mems, before, res.Hash) {
		fmt.Fprintln(env.Stdout, n)
	}
	return nil
}

// PromoteCmd promotes a skill draft.
type PromoteCmd struct {
	ID           string `arg:"" help:"Skill draft ID: skill/<dir>."`
	To           string `help:"Destination: user or workspace, for the agents the draft names (else this inbox's agent), or for the agents before a colon: gemini:user (~/.gemini/skills), claude:user (~/.claude/skills), codex:user (~/.agents/skills), gemini:workspace (<git root>/.gemini/skills), claude:workspace (<git root>/.claude/skills), codex:workspace (<git root>/.agents/skills), or several such as claude,codex:workspace; no environment variable." required:"" placeholder:"[AGENTS:]user|workspace"`
	AllowScripts bool   `help:"Confirm copying executable files of the draft (no environment variable)."`
}

// Run shows every file that will be copied, then promotes.
func (c *PromoteCmd) Run(g *Globals, env *cli.Env) error {
	if _, err := inbox.ParseDestination(c.To); err != nil {
		return cli.Usage(fmt.Errorf("--to: %w", err))
	}
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
	fmt.Fprintf(env.Stdout, "Promoted %s to %s (for %s).\n", c.ID, res.Dest, strings.Join(res.Agents, ", "))
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
