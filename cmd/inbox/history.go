package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/history"
)

// LogCmd lists applied changes.
type LogCmd struct{}

// Run prints the history of every agent memory of the project as one list,
// newest first; with several memories each line names its agent, and the
// changes one decision made in several memories are one line naming them.
func (c *LogCmd) Run(g *Globals, env *cli.Env) error {
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	type line struct {
		e      history.Entry
		agents []string
	}
	var lines []*line
	byGroup := map[string]*line{}
	for _, m := range mems {
		entries, err := history.Open(m.Paths.History()).Log()
		if err != nil {
			return fmt.Errorf("%s history: %w", m.Agent, err)
		}
		for _, e := range entries {
			if l := byGroup[e.Group()]; l != nil {
				l.agents = append(l.agents, m.Agent)
				if e.Decision == "" || e.At.Before(l.e.At) {
					l.e = e // the first change names the decision
				}
				continue
			}
			l := &line{e, []string{m.Agent}}
			byGroup[e.Group()] = l
			lines = append(lines, l)
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
		fmt.Fprintf(env.Stdout, "%s %s %s: %s%s%s\n", l.e.Hash[:10], l.e.At.UTC().Format(time.RFC3339), l.e.Kind, l.e.Summary, agentTag(mems, l.agents), mark)
	}
	return nil
}

// agentTag names the agents of a history line when the project has several
// agent memories, as list does.
func agentTag(mems []memory, agents []string) string {
	if len(mems) < 2 {
		return ""
	}
	return " [" + strings.Join(agents, ", ") + "]"
}

// UndoCmd reverts the last change.
type UndoCmd struct {
	Force bool `help:"Undo even if the files changed since, printing what it overwrote (inbox redo brings it back; no environment variable)."`
}

// Run restores the files of the newest change not yet undone, in whichever
// agent memory of the project it was made, and in every other memory the
// same decision changed.
func (c *UndoCmd) Run(g *Globals, env *cli.Env) error {
	return step(g, env, history.KindUndo, c.Force)
}

// RedoCmd takes back the last undo.
type RedoCmd struct {
	Force bool `help:"Redo even if the files changed since the undo, printing what it overwrote (inbox undo brings it back; no environment variable)."`
}

// Run restores what the newest undo not yet redone replaced: the decision
// it reverted, and for a forced undo the newer work it overwrote.
func (c *RedoCmd) Run(g *Globals, env *cli.Env) error {
	return step(g, env, history.KindRedo, c.Force)
}

// nextOf is the entry an undo (op history.KindUndo) or a redo takes back
// next in one history, as Repo.Undo and Repo.Redo pick it.
func nextOf(entries []history.Entry, op string) (history.Entry, bool) {
	for _, e := range entries {
		isUndo := e.Kind == history.KindUndo
		if op == history.KindUndo && !isUndo && !e.Undone || op == history.KindRedo && isUndo && !e.Redone {
			return e, true
		}
	}
	return history.Entry{}, false
}

// step runs an undo or a redo on the history of the project's memory whose
// next entry for it is the newest, and on every other memory whose next
// entry belongs to the same decision (history.Entry.Group): one decision
// is undone or redone as a whole, or, when a file of any of them changed
// since, refused as a whole unless forced. It names each file it
// overwrote and the command that brings that content back.
func step(g *Globals, env *cli.Env, op string, force bool) error {
	mems, err := g.memories(env)
	if err != nil {
		return err
	}
	nexts := make([]*history.Entry, len(mems))
	pick := -1
	for i, m := range mems {
		entries, err := history.Open(m.Paths.History()).Log()
		if err != nil {
			return fmt.Errorf("%s history: %w", m.Agent, err)
		}
		if e, ok := nextOf(entries, op); ok {
			nexts[i] = &e
			if pick < 0 || e.At.After(nexts[pick].At) {
				pick = i
			}
		}
	}
	if pick < 0 {
		fmt.Fprintf(env.Stdout, "Nothing to %s.\n", op)
		return nil
	}
	var members []memory
	var agents []string
	for i, m := range mems {
		if nexts[i] != nil && nexts[i].Group() == nexts[pick].Group() {
			members = append(members, m)
			agents = append(agents, m.Agent)
		}
	}
	repos := make([]*history.Repo, len(members))
	refused := &history.ChangedError{Op: op}
	for i, m := range members {
		if err := recoverInterrupted(env, m.Paths); err != nil {
			return err
		}
		repos[i] = history.Open(m.Paths.History())
		repos[i].Allowed = m.Paths.Allowed
		if len(members) > 1 {
			// The step is itself one decision across the memories.
			repos[i].Decision = op + "-of-" + nexts[pick].Hash
		}
		if force {
			continue
		}
		var ce *history.ChangedError
		if err := repos[i].Refusal(op); errors.As(err, &ce) {
			refused.Files = append(refused.Files, ce.Files...)
			refused.Diffs = append(refused.Diffs, ce.Diffs...)
		} else if err != nil {
			return fmt.Errorf("%s: %s history: %w", op, m.Agent, err)
		}
	}
	if len(refused.Files) > 0 {
		return fmt.Errorf("%s: %w", op, refused)
	}
	var overwrote []string
	var done history.Entry
	for i, r := range repos {
		var e history.Entry
		var err error
		if op == history.KindUndo {
			e, err = r.Undo(env.Now(), force)
		} else {
			e, err = r.Redo(env.Now(), force)
		}
		if errors.Is(err, history.ErrNothingToUndo) || errors.Is(err, history.ErrNothingToRedo) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %s: %w", op, members[i].Agent, err)
		}
		if e.Decision == "" || done.Hash == "" {
			done = e // the first change names the decision
		}
		overwrote = append(overwrote, e.Overwrote...)
	}
	if done.Hash == "" {
		fmt.Fprintf(env.Stdout, "Nothing to %s.\n", op)
		return nil
	}
	tag := agentTag(mems, agents)
	if op == history.KindUndo {
		fmt.Fprintf(env.Stdout, "Undid %s: %s%s\n", done.Kind, done.Summary, tag)
	} else {
		fmt.Fprintf(env.Stdout, "Redid %s%s\n", done.Summary, tag)
	}
	back := map[string]string{history.KindUndo: "redo", history.KindRedo: "undo"}[op]
	for _, f := range overwrote {
		fmt.Fprintf(env.Stdout, "Overwrote %s, changed since; inbox %s brings that content back.\n", f, back)
	}
	return nil
}
