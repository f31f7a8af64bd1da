package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/worktree"
)

// StatusCmd prints one line of counts.
type StatusCmd struct {
	All bool `help:"Count every project's inbox, not only the current project's." env:"AUTOMEM_INBOX_ALL"`
}

// Run counts the current project's inbox, as list shows it, or every
// project's with --all. It neither opens history nor parses patches, so it
// stays fast enough for a shell prompt.
func (c *StatusCmd) Run(g *Globals, env *cli.Env) error {
	geminiDir := gemini.Dir(env.Getenv, env.Home)
	dir := g.Project
	if dir == "" {
		dir, _ = os.Getwd()
	}
	start := env.Now()
	if c.All {
		return countAll(geminiDir, env, start)
	}
	if mem, ok := registeredMemoryDir(geminiDir, dir); ok {
		n, err := inbox.Count(gemini.Layout(geminiDir, mem, ""))
		if err != nil {
			return err
		}
		env.Log.Debug().Dur("took", env.Now().Sub(start)).Msg("counted from the registry")
		fmt.Fprintln(env.Stdout, n.String())
		return nil
	}
	var total inbox.Counts
	p, err := gemini.FindProject(geminiDir, dir)
	env.Log.Debug().Dur("took", env.Now().Sub(start)).Msg("find project")
	switch {
	case err == nil:
		if total, err = inbox.Count(gemini.Layout(geminiDir, p.MemoryDir, "")); err != nil {
			return err
		}
	case errors.Is(err, gemini.ErrNoProject):
		return fmt.Errorf("no gemini project contains %s (use --project DIR, or --all for every project)", dir)
	default:
		return fmt.Errorf("find project: %w", err)
	}
	fmt.Fprintln(env.Stdout, total.String())
	return nil
}

// countAll prints the sum over every project's inbox.
func countAll(geminiDir string, env *cli.Env, start time.Time) error {
	mems, _ := filepath.Glob(filepath.Join(geminiDir, "tmp", "*", "memory"))
	dirs := make([]memdir.Dir, len(mems))
	for i, m := range mems {
		dirs[i] = gemini.Layout(geminiDir, m, "")
	}
	total, err := inbox.CountAll(dirs)
	if err != nil {
		return err
	}
	env.Log.Debug().Int("projects", len(dirs)).Dur("took", env.Now().Sub(start)).Msg("counted every project")
	fmt.Fprintln(env.Stdout, total.String())
	return nil
}

// registeredMemoryDir is status's fast path: the deepest root in Gemini's
// projects.json that contains dir, when its memory dir exists. Anything
// less certain falls back to gemini.FindProject, which reads every project:
// so does a directory in a linked git worktree, whose project may be the
// main worktree's.
func registeredMemoryDir(geminiDir, dir string) (string, bool) {
	if _, linked := worktree.Main(dir); linked {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(geminiDir, "projects.json"))
	if err != nil {
		return "", false
	}
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if json.Unmarshal(data, &reg) != nil {
		return "", false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	cands := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		cands = append(cands, real)
	}
	best, slug := "", ""
	for root, id := range reg.Projects {
		for _, c := range cands {
			if (c == root || strings.HasPrefix(c, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator))) && len(root) > len(best) {
				best, slug = root, id
			}
		}
	}
	if slug == "" || slug != filepath.Base(slug) || strings.HasPrefix(slug, ".") {
		return "", false
	}
	mem := filepath.Join(geminiDir, "tmp", slug, "memory")
	if fi, err := os.Stat(mem); err != nil || !fi.IsDir() {
		return "", false
	}
	return mem, true
}
