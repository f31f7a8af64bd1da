package main

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/history"
)

// LogCmd lists applied changes.
type LogCmd struct{}

// Run prints the history of every agent memory of the project as one list,
// newest first; with several memories each line names its agent.
func (c *LogCmd) Run(g *Globals, env *cli.Env) error {
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	type line struct {
		e     history.Entry
		agent string
	}
	var lines []line
	for _, m := range mems {
		entries, err := history.Open(m.Paths.History()).Log()
		if err != nil {
			return fmt.Errorf("%s history: %w", m.Agent, err)
		}
		for _, e := range entries {
			lines = append(lines, line{e, m.Agent})
		}
	}
	if len(lines) == 0 {
		fmt.Fprintln(env.Stdout, "No changes recorded.")
		return nil
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].e.At.After(lines[j].e.At) })
	for _, l := range lines {
		mark := ""
		switch {
		case l.e.Undone:
			mark = " (undone)"
		case l.e.Redone:
			mark = " (redone)"
		}
		fmt.Fprintf(env.Stdout, "%s %s %s: %s%s%s\n", l.e.Hash[:10], l.e.At.UTC().Format(time.RFC3339), l.e.Kind, l.e.Summary, agentTag(mems, l.agent), mark)
	}
	return nil
}

// agentTag names the agent of a history line when the project has several
// agent memories, as list does.
func agentTag(mems []memory, agent string) string {
	if len(mems) < 2 {
		return ""
	}
	return " [" + agent + "]"
}

// UndoCmd reverts the last change.
type UndoCmd struct {
	Force bool `help:"Undo even if the files changed since, printing what it overwrote (inbox redo brings it back; no environment variable)."`
}

// Run restores the files of the newest change not yet undone, in whichever
// agent memory of the project it was made.
func (c *UndoCmd) Run(g *Globals, env *cli.Env) error {
	undoable := func(e history.Entry) bool { return e.Kind != history.KindUndo && !e.Undone }
	return step(g, env, "undo", undoable, func(r *history.Repo, tag string) (history.Entry, error) {
		e, err := r.Undo(env.Now(), c.Force)
		if err == nil {
			fmt.Fprintf(env.Stdout, "Undid %s: %s%s\n", e.Kind, e.Summary, tag)
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
	redoable := func(e history.Entry) bool { return e.Kind == history.KindUndo && !e.Redone }
	return step(g, env, "redo", redoable, func(r *history.Repo, tag string) (history.Entry, error) {
		e, err := r.Redo(env.Now(), c.Force)
		if err == nil {
			fmt.Fprintf(env.Stdout, "Redid %s%s\n", e.Summary, tag)
		}
		return e, err
	})
}

// step runs an undo or a redo on the history of the project's memory whose
// next entry for it (the first that next accepts, as Undo and Redo pick)
// is the newest, and names each file it overwrote and the command that
// brings that content back.
func step(g *Globals, env *cli.Env, op string, next func(history.Entry) bool, do func(*history.Repo, string) (history.Entry, error)) error {
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	var pick *memory
	var at time.Time
	for i, m := range mems {
		entries, err := history.Open(m.Paths.History()).Log()
		if err != nil {
			return fmt.Errorf("%s history: %w", m.Agent, err)
		}
		for _, e := range entries {
			if next(e) {
				if pick == nil || e.At.After(at) {
					pick, at = &mems[i], e.At
				}
				break
			}
		}
	}
	if pick == nil {
		fmt.Fprintf(env.Stdout, "Nothing to %s.\n", op)
		return nil
	}
	if err := recoverInterrupted(env, pick.Paths); err != nil {
		return err
	}
	repo := history.Open(pick.Paths.History())
	repo.Allowed = pick.Paths.Allowed
	e, err := do(repo, agentTag(mems, pick.Agent))
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
