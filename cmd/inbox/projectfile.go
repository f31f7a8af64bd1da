package main

import (
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/target"
)

// ProjectFileCmd shows or changes whether the project's facts that a
// teammate also needs go to the repository's shared instruction file.
type ProjectFileCmd struct {
	Set string `arg:"" optional:"" enum:",on,off" default:"" help:"on: facts a teammate also needs (verification commands, build, test and deploy conventions, code rules) become project items against <root>/GEMINI.md or <root>/CLAUDE.md; off: they stay private (default: show the setting)."`
}

// Run prints the project's setting, or saves a new one that the next
// extract runs use (extract --project-file turns it on for one run).
func (c *ProjectFileCmd) Run(g *Globals, env *cli.Env) error {
	root, s, err := g.settings(env)
	if err != nil {
		return err
	}
	if c.Set == "" {
		fmt.Fprintln(env.Stdout, describeProjectFile(s.ProjectFile))
		return nil
	}
	on := c.Set == "on"
	if err := target.UpdateSettings(g.StateDir, root, func(s *target.Settings) { s.ProjectFile = on }); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: %s\n", root, describeProjectFile(on))
	return nil
}

// describeProjectFile says in words where a project's team facts go.
func describeProjectFile(on bool) string {
	if on {
		return "on (facts a teammate also needs wait as project items for the shared GEMINI.md or CLAUDE.md at the root; personal ones stay private)"
	}
	return "off (Gemini CLI and Claude Code facts stay in private memory; Codex uses the root's AGENTS.md either way)"
}
