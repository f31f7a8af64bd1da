package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/internal/worktree"
)

// memory is one agent's memory of the current project, with the inbox
// paths that review it.
type memory struct {
	Agent   string
	Project gemini.Project
	Paths   inbox.Paths
}

// memories finds the project of --project or the current directory and
// returns every agent's memory of it that automem has an inbox for, in
// review order (Gemini CLI, Claude Code, Codex), narrowed by --agent. The
// project is the deepest root that contains the directory, among Gemini
// CLI's projects and the projects in automem's state dir.
func (g *Globals) memories(env *cli.Env) ([]memory, error) {
	geminiDir := gemini.Dir(env.Getenv, env.Home)
	dir := g.Project
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("current directory: %w", err)
		}
		dir = wd
	}
	gp, gerr := gemini.FindProject(geminiDir, dir)
	return g.memoriesOf(env, dir, gp, gerr)
}

// memoriesOf is memories once the Gemini CLI project of dir is known (gerr
// gemini.ErrNoProject when there is none), so status can find it faster.
func (g *Globals) memoriesOf(env *cli.Env, dir string, gp gemini.Project, gerr error) ([]memory, error) {
	geminiDir := gemini.Dir(env.Getenv, env.Home)
	if gerr != nil && !errors.Is(gerr, gemini.ErrNoProject) {
		return nil, fmt.Errorf("find project: %w", gerr)
	}
	root, serr := "", error(nil)
	if g.StateDir != "" {
		look := dir
		if main, linked := worktree.Main(dir); linked {
			look = main // a linked worktree's memory is its main worktree's
		}
		root, serr = target.Find(g.StateDir, look)
		if serr != nil && !errors.Is(serr, target.ErrNoProject) {
			return nil, fmt.Errorf("find project: %w", serr)
		}
	}
	if gerr == nil && len(gp.Root) >= len(root) {
		root = gp.Root
	} else {
		gp = gemini.Project{}
	}
	if root == "" && gp.MemoryDir == "" {
		return nil, fmt.Errorf("no gemini project contains %s, nor a Claude Code or Codex project with an inbox (use --project DIR)", dir)
	}
	ws := gitRoot(root)
	homes := skillHomes(env, geminiDir)
	var out []memory
	for _, agent := range target.Agents() {
		if g.Agent != "" && agent != g.Agent {
			continue
		}
		p := inbox.Paths{ProjectRoot: root, WorkspaceRoot: ws, Homes: homes, SkillAgents: []string{agent}}
		switch agent {
		case target.Gemini:
			if gp.MemoryDir == "" {
				continue
			}
			p.ProjectID, p.Dir = gp.ID, gemini.Layout(geminiDir, gp.MemoryDir, ws, "")
			if g.projectFile(root, p.Dir) {
				p.Dir = gemini.Layout(geminiDir, gp.MemoryDir, ws, root)
			}
		case target.Claude:
			data := target.Data(g.StateDir, agent, root)
			p.ProjectID, p.Dir = target.ProjectID(root), claude.Layout(homes.Claude, data, root, false)
			if g.projectFile(root, p.Dir) {
				p.Dir = claude.Layout(homes.Claude, data, root, true)
			}
		case target.Codex:
			p.ProjectID, p.Dir = target.ProjectID(root), codex.Layout(homes, target.Data(g.StateDir, agent, root), root)
		}
		if agent != target.Gemini && !isDir(p.Data) {
			continue // automem never extracted this agent's sessions here
		}
		out = append(out, memory{Agent: agent, Project: projectOf(gp, p), Paths: p})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no %s memory for the project %s (see inbox list without --agent)", g.Agent, root)
	}
	return out, nil
}

// projectFile reports whether a Gemini CLI or Claude Code memory of root
// includes the repository's shared file (GEMINI.md, CLAUDE.md) as a
// target: the project's setting says so (inbox project-file), or project
// items already wait in its inbox (switching the setting off never strands
// what a run proposed while it was on).
func (g *Globals) projectFile(root string, d memdir.Dir) bool {
	if root == "" {
		return false
	}
	if ents, err := os.ReadDir(d.Inbox(patch.Project)); err == nil && len(ents) > 0 {
		return true
	}
	if g.StateDir == "" {
		return false
	}
	s, err := target.LoadSettings(g.StateDir, root)
	return err == nil && s.ProjectFile
}

// projectOf is the project as list --json names it.
func projectOf(gp gemini.Project, p inbox.Paths) gemini.Project {
	if gp.MemoryDir != "" && p.Agent == target.Gemini {
		return gp
	}
	return gemini.Project{ID: p.ProjectID, Root: p.ProjectRoot, MemoryDir: p.Targets.MemoryDir}
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
