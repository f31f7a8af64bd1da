package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/review"
)

// ReviewCmd reviews items interactively.
type ReviewCmd struct {
	ID           string `arg:"" optional:"" help:"Review only this item (default: all)."`
	AllowScripts bool   `help:"Confirm copying executable files of promoted drafts without asking (no environment variable)."`
}

// Run asks about every hunk and draft; on a terminal one keypress answers,
// otherwise one answer per line is read from stdin.
func (c *ReviewCmd) Run(ctx context.Context, g *Globals, env *cli.Env) error {
	mems, es, err := g.entries(env, true)
	if err != nil {
		return err
	}
	if c.ID != "" {
		e, err := findEntry(es, c.ID)
		if err != nil {
			return err
		}
		es = []entry{e}
	}
	in := bufio.NewReader(env.Stdin)
	s := &review.Session{In: in, Out: env.Stdout, Color: g.colour(env), Editor: editor(env), Echo: !env.StdinTTY, Ctx: ctx}
	if env.StdinTTY {
		if f, ok := env.Stdin.(*os.File); ok {
			keys := review.NewTermKeys(int(f.Fd()), in)
			defer keys.Restore()
			s.Keys = keys
		}
	}
	// One agent's memory at a time: each has its own inbox, history and
	// evidence. Decisions are carried to the other targets at the end.
	before := pendingSets(env, mems)
	heads := historyLengths(mems)
	defer func() {
		for _, n := range oneDecision(env, g, mems, before, onlyNewChange(mems, heads)) {
			fmt.Fprintln(env.Stdout, n)
		}
	}()
	// The same shared-file note that list prints, per item.
	noteOf := map[*inbox.Item]string{}
	for _, e := range es {
		noteOf[e.Item] = sharedNote(e)
	}
	notes := func(it *inbox.Item) string { return noteOf[it] }
	for _, m := range mems {
		var items []*inbox.Item
		for _, e := range es {
			if e.Mem.Agent == m.Agent {
				items = append(items, e.Item)
			}
		}
		if len(items) == 0 && (c.ID != "" || len(mems) > 1) {
			continue
		}
		if len(mems) > 1 {
			fmt.Fprintf(env.Stdout, "== %s memory ==\n", m.Agent)
		}
		s.Evidence = evidenceOf(env, m.Paths)
		r := &review.Runner{S: s, Paths: m.Paths, Now: env.Now, AllowScripts: c.AllowScripts, Note: notes}
		if err := r.Run(items); errors.Is(err, review.ErrInterrupted) {
			return cli.Interrupted(err)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// evidenceOf is the v key's lookup in a memory's evidence (nil when it
// cannot be read): why upkeep changes a line, or the sessions a new line
// came from.
func evidenceOf(env *cli.Env, p inbox.Paths) func(string, bool) []string {
	ev, err := evidence.Load(p.Evidence())
	if err != nil {
		env.Log.Warn().Err(err).Msg("evidence unavailable for the v key")
		return nil
	}
	return func(text string, removed bool) []string {
		var out []string
		for _, e := range ev.For(text) {
			switch {
			case e.Why != "":
				line := fmt.Sprintf("%s: %s", e.Action, e.Why)
				if e.SessionID != "" {
					line += fmt.Sprintf(" (session %s message %s)", e.SessionID, e.MessageID)
				}
				out = append(out, line)
			case !removed:
				out = append(out, fmt.Sprintf("session %s message %s: %q (%s)", e.SessionID, e.MessageID, e.Quote, e.Path))
			}
		}
		return out
	}
}

// editor runs $VISUAL or $EDITOR (default vi) on a file, through sh so an
// editor with arguments ("code -w") works.
func editor(env *cli.Env) func(string) error {
	ed := env.Getenv("VISUAL")
	if ed == "" {
		ed = env.Getenv("EDITOR")
	}
	if ed == "" {
		ed = "vi"
	}
	return func(path string) error {
		cmd := exec.Command("sh", "-c", ed+` "$1"`, "sh", path)
		if env.StdinTTY {
			cmd.Stdin = env.Stdin
		}
		cmd.Stdout, cmd.Stderr = env.Stdout, env.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("run editor %q: %w", ed, err)
		}
		return nil
	}
}
