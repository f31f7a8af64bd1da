package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
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
	held, err := g.holders(env, root, agents)
	if err != nil {
		return err
	}
	if len(agents) > 0 && len(held) == 0 {
		return cli.Usage(fmt.Errorf("%s has no memory for %s: no Gemini CLI project contains it (open Gemini CLI there once, or choose %s)",
			strings.Join(agents, ","), root, describeChoices(g, env)))
	}
	for _, a := range agents {
		if !slices.Contains(held, a) {
			fmt.Fprintf(env.Stdout, "Note: %s has no memory for this project (no Gemini CLI project contains it); its copy is skipped until Gemini CLI has a project here.\n", a)
		}
	}
	if err := target.UpdateSettings(g.StateDir, root, func(s *target.Settings) { s.Targets = agents }); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: %s\n", root, describeTargets(agents))
	return nil
}

// holders are those of agents that can hold the memory of the project at
// root: Gemini CLI only when a Gemini CLI project contains it (its memory
// lives in that project's dir), the others always (automem keeps their
// inbox in its state dir). A setting no agent of which can hold memory
// would make every later extract run write nothing.
func (g *Globals) holders(env *cli.Env, root string, agents []string) ([]string, error) {
	var out []string
	for _, a := range agents {
		if a == target.Gemini {
			gp, err := gemini.FindProject(gemini.Dir(env.Getenv, env.Home), root)
			if errors.Is(err, gemini.ErrNoProject) || err == nil && gp.MemoryDir == "" {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("find gemini project: %w", err)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// describeChoices names the settings that can hold this project's
// memory, for a refused one: the agents with a memory here, or own.
func describeChoices(g *Globals, env *cli.Env) string {
	var have []string
	if mems, err := g.memories(env); err == nil {
		for _, m := range mems {
			have = append(have, m.Agent)
		}
	}
	if len(have) == 0 {
		return "own"
	}
	return "own, or an agent with this project: " + strings.Join(have, ", ")
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
