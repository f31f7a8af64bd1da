package main

import (
	"fmt"
	"strings"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/target"
)

// TargetsCmd shows or changes which agents' memory the project's
// candidates go to.
type TargetsCmd struct {
	Set string `arg:"" optional:"" help:"New targets: own (each session's own agent), all, or a list such as gemini,claude (default: show them)."`
}

// Run prints the project's targets, or saves new ones that the next
// extract runs use (unless --targets or AUTOMEM_TARGETS says otherwise).
func (c *TargetsCmd) Run(g *Globals, env *cli.Env) error {
	root, s, err := g.settings(env)
	if err != nil {
		return err
	}
	if c.Set == "" {
		fmt.Fprintln(env.Stdout, describeTargets(s.Targets))
		return nil
	}
	agents, err := target.Parse(c.Set)
	if err != nil {
		return cli.Usage(err)
	}
	if err := target.UpdateSettings(g.StateDir, root, func(s *target.Settings) { s.Targets = agents }); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: %s\n", root, describeTargets(agents))
	return nil
}

// settings finds the project of --project or the current directory and
// reads its settings (inbox targets, inbox project-file).
func (g *Globals) settings(env *cli.Env) (root string, s target.Settings, err error) {
	mems, err := g.memories(env)
	if err != nil {
		return "", s, err
	}
	root = mems[0].Paths.ProjectRoot
	if root == "" {
		return "", s, fmt.Errorf("the project has no root directory to keep settings for")
	}
	s, err = target.LoadSettings(g.StateDir, root)
	return root, s, err
}

// describeTargets says in words where candidates go.
func describeTargets(agents []string) string {
	switch len(agents) {
	case 0:
		return "own (each session's candidates go to the memory of the agent that recorded it)"
	case 1:
		return agents[0] + " (every session's candidates go to its memory)"
	}
	return strings.Join(agents, ",") + " (every fact waits in each of these memories; one decision applies to all)"
}
