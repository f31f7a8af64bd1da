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
		switch {
		case e.Undone:
			mark = " (undone)"
		case e.Redone:
			mark = " (redone)"
		}
		fmt.Fprintf(env.Stdout, "%s %s %s: %s%s\n", e.Hash[:10], e.At.UTC().Format(time.RFC3339), e.Kind, e.Summary, mark)
	}
	return nil
}

// UndoCmd reverts the last change.
type UndoCmd struct {
	Force bool `help:"Undo even if the files changed since, printing what it overwrote (inbox redo brings it back; no environment variable)."`
}

// Run restores the files of the newest change not yet undone.
func (c *UndoCmd) Run(g *Globals, env *cli.Env) error {
	return step(g, env, "undo", func(r *history.Repo) (history.Entry, error) {
		e, err := r.Undo(env.Now(), c.Force)
		if err == nil {
			fmt.Fprintf(env.Stdout, "Undid %s: %s\n", e.Kind, e.Summary)
		}
		return e, err
	})
}

// RedoCmd takes back the last undo.
type RedoCmd struct {
	Force bool `help:"Redo even if the files changed since the undo, printing what it overwrote (inbox undo brings it back; no environment variable)."`
}

// Run restores what the newest undo not yet redone replaced: the decision
// it reverted, and for a forced undo the newer work it overwrote.
func (c *RedoCmd) Run(g *Globals, env *cli.Env) error {
	return step(g, env, "redo", func(r *history.Repo) (history.Entry, error) {
		e, err := r.Redo(env.Now(), c.Force)
		if err == nil {
			fmt.Fprintf(env.Stdout, "Redid %s\n", e.Summary)
		}
		return e, err
	})
}

// step runs an undo or a redo on the project's history and names each file
// it overwrote and the command that brings that content back.
func step(g *Globals, env *cli.Env, op string, do func(*history.Repo) (history.Entry, error)) error {
	p, err := g.writable(env)
	if err != nil {
		return err
	}
	repo := history.Open(p.History())
	repo.Allowed = p.Allowed
	e, err := do(repo)
	if errors.Is(err, history.ErrNothingToUndo) || errors.Is(err, history.ErrNothingToRedo) {
		fmt.Fprintf(env.Stdout, "Nothing to %s.\n", op)
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	back := map[string]string{"undo": "redo", "redo": "undo"}[op]
	for _, f := range e.Overwrote {
		fmt.Fprintf(env.Stdout, "Overwrote %s, changed since; inbox %s brings that content back.\n", f, back)
	}
	return nil
}
