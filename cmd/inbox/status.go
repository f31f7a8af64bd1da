package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/inbox"
)

// StatusCmd prints one line of counts.
type StatusCmd struct{}

// Run counts the current project's inbox, or every project's when not in
// one and no --project is given. It neither opens history nor parses
// patches, so it stays fast enough for a shell prompt.
func (c *StatusCmd) Run(g *Globals, env *cli.Env) error {
	geminiDir := gemini.Dir(env.Getenv, env.Home)
	dir := g.Project
	if dir == "" {
		dir, _ = os.Getwd()
	}
	var total inbox.Counts
	start := env.Now()
	p, err := gemini.FindProject(geminiDir, dir)
	env.Log.Debug().Dur("took", env.Now().Sub(start)).Msg("find project")
	switch {
	case err == nil:
		if total, err = inbox.Count(p.MemoryDir); err != nil {
			return err
		}
	case errors.Is(err, gemini.ErrNoProject) && g.Project == "":
		dirs, _ := filepath.Glob(filepath.Join(geminiDir, "tmp", "*", "memory"))
		if total, err = inbox.CountAll(dirs); err != nil {
			return err
		}
		env.Log.Debug().Int("projects", len(dirs)).Dur("took", env.Now().Sub(start)).Msg("counted every project")
	default:
		return fmt.Errorf("find project: %w", err)
	}
	fmt.Fprintln(env.Stdout, total.String())
	return nil
}
