package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/review"
)

// EditCmd edits an entry that needs attention.
type EditCmd struct {
	ID string `arg:"" help:"ID of an entry under Needs Attention (see list): rejected/<name> or skill-patch/<name>."`
}

// Run opens the entry's patch in $VISUAL or $EDITOR and makes what the
// person saved pending again against the files as they are now; what still
// cannot be pending stays under Needs Attention with the new reason.
func (c *EditCmd) Run(ctx context.Context, g *Globals, env *cli.Env) error {
	p, it, err := loadItem(g, env, c.ID)
	if err != nil {
		return err
	}
	if it.Group != inbox.GroupAttention {
		return fmt.Errorf("%s does not need attention: only entries under Needs Attention can be edited (discard it instead)", c.ID)
	}
	s := &review.Session{In: bufio.NewReader(env.Stdin), Out: env.Stdout, Editor: editor(env), Ctx: ctx}
	if err := s.EditAttention(p, it, env.Now()); errors.Is(err, review.ErrInterrupted) {
		return cli.Interrupted(err)
	} else if err != nil {
		return fmt.Errorf("edit %s: %w", c.ID, err)
	}
	return nil
}
