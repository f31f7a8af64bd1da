package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/history"
)

// LogCmd lists applied changes.
type LogCmd struct{}

// Run prints the history, newest first.
func (c *LogCmd) Run(g *Globals, env *cli.Env) error {
	_, p, err := g.projectPaths(env)
	if err != nil {
		return err
	}
	entries, err := history.Open(p.History()).Log()
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		fmt.Fprintln(env.Stdout, "No changes recorded.")
		return nil
	}
	for _, e := range entries {
		mark := ""
		if e.Undone {
			mark = " (undone)"
		}
		fmt.Fprintf(env.Stdout, "%s %s %s: %s%s\n", e.Hash[:10], e.At.UTC().Format(time.RFC3339), e.Kind, e.Summary, mark)
	}
	return nil
}

// UndoCmd reverts the last change.
type UndoCmd struct {
	Force bool `help:"Undo even if the files changed since, printing what it overwrote (no environment variable)."`
}

// Run restores the files of the newest change not yet undone.
func (c *UndoCmd) Run(g *Globals, env *cli.Env) error {
	p, err := g.writable(env)
	if err != nil {
		return err
	}
	repo := history.Open(p.History())
	repo.Allowed = p.Allowed
	e, err := repo.Undo(env.Now(), c.Force)
	if errors.Is(err, history.ErrNothingToUndo) {
		fmt.Fprintln(env.Stdout, "Nothing to undo.")
		return nil
	}
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	fmt.Fprintf(env.Stdout, "Undid %s: %s\n", e.Kind, e.Summary)
	for _, f := range e.Overwrote {
		fmt.Fprintf(env.Stdout, "Overwrote %s, changed since; its content is kept in the undo's history entry (inbox log).\n", f)
	}
	return nil
}
