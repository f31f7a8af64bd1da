package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/internal/worktree"
)

// StatusCmd prints one line of counts.
type StatusCmd struct {
	All bool `help:"Count every project's inbox, not only the current project's." env:"AUTOMEM_INBOX_ALL"`
}

// Run counts the current project's inbox, or every project's with --all,
// exactly as list shows it: the pending patches are settled and scanned by
// the same code (settledItems) and tallied by group (inbox.Tally). It opens
// no history, so it stays fast enough for a shell prompt.
func (c *StatusCmd) Run(g *Globals, env *cli.Env) error {
	geminiDir := gemini.Dir(env.Getenv, env.Home)
	dir := g.Project
	if dir == "" {
		dir, _ = os.Getwd()
	}
	start := env.Now()
	if c.All {
		return countAll(g, env, geminiDir, start)
	}
	// Every agent's memory of the project, found as list finds them; the
	// Gemini CLI project from its registry when that is certain, since
	// gemini.FindProject reads every project.
	var mems []memory
	var err error
	if mem, root, ok := registeredMemoryDir(geminiDir, dir); ok {
		gp := gemini.Project{ID: filepath.Base(filepath.Dir(mem)), Root: root, MemoryDir: mem}
		mems, err = g.memoriesOf(env, dir, gp, nil)
	} else {
		mems, err = g.memories(env)
	}
	if err != nil {
		return fmt.Errorf("%w, or --all for every project", err)
	}
	env.Log.Debug().Dur("took", env.Now().Sub(start)).Msg("find project")
	var total inbox.Counts
	for _, m := range mems {
		n, err := tally(env.Log, env.Now(), m.Paths)
		if err != nil {
			return err
		}
		total.Add(n)
	}
	env.Log.Debug().Dur("took", env.Now().Sub(start)).Msg("counted")
	fmt.Fprintln(env.Stdout, total.String())
	return nil
}

// tally counts one memory's inbox as list shows it.
func tally(log zerolog.Logger, now time.Time, p inbox.Paths) (inbox.Counts, error) {
	items, hidden, err := settledItems(log, now, p)
	if err != nil {
		return inbox.Counts{}, err
	}
	for _, h := range hidden {
		log.Debug().Str("patch", h.Path).Str("reason", h.Reason).Msg("invalid patch not counted (list hides it)")
	}
	return inbox.Tally(items), nil
}

// countAll prints the sum over every project's inbox: every Gemini CLI
// project's, a few at a time because the cost is all small file-system
// calls that overlap well (each one's workspace is its recorded root), and
// every Claude Code and Codex project's in automem's state dir.
func countAll(g *Globals, env *cli.Env, geminiDir string, start time.Time) error {
	var mems []string
	if g.Agent == "" || g.Agent == target.Gemini {
		mems, _ = filepath.Glob(filepath.Join(geminiDir, "tmp", "*", "memory"))
	}
	// The workers log concurrently: one writer, serialised.
	log, err := cli.NewLogger(zerolog.SyncWriter(env.Stderr), env.StderrTTY, g.LogLevel, g.LogFormat)
	if err != nil {
		return err
	}
	const workers = 8
	jobs := make(chan string)
	type result struct {
		c   inbox.Counts
		err error
	}
	results := make(chan result)
	for range min(workers, len(mems)) {
		go func() {
			for m := range jobs {
				root, _ := os.ReadFile(filepath.Join(filepath.Dir(m), ".project_root"))
				c, err := tally(log, env.Now(), inbox.Paths{Dir: gemini.Layout(geminiDir, m, strings.TrimSpace(string(root)), "")})
				results <- result{c, err}
			}
		}()
	}
	go func() {
		for _, m := range mems {
			jobs <- m
		}
		close(jobs)
	}()
	var total inbox.Counts
	var first error
	for range mems {
		r := <-results
		if r.err != nil && first == nil {
			first = r.err
		}
		total.Add(r.c)
	}
	if first != nil {
		return first
	}
	// Claude Code and Codex memories keep their inbox in automem's state dir.
	roots, err := target.Roots(g.StateDir)
	if err != nil {
		return err
	}
	for _, r := range roots {
		ms, err := g.memoriesOf(env, r, gemini.Project{}, gemini.ErrNoProject)
		if err != nil {
			continue // none of --agent's
		}
		for _, m := range ms {
			c, err := tally(log, env.Now(), m.Paths)
			if err != nil {
				return err
			}
			total.Add(c)
		}
	}
	env.Log.Debug().Int("projects", len(mems)).Dur("took", env.Now().Sub(start)).Msg("counted every project")
	fmt.Fprintln(env.Stdout, total.String())
	return nil
}

// registeredMemoryDir is status's fast path: the deepest root in Gemini's
// projects.json that contains dir, when its memory dir exists. Anything
// less certain falls back to gemini.FindProject, which reads every project:
// so does a directory in a linked git worktree, whose project may be the
// main worktree's.
func registeredMemoryDir(geminiDir, dir string) (mem, root string, ok bool) {
	if _, linked := worktree.Main(dir); linked {
		return "", "", false
	}
	data, err := os.ReadFile(filepath.Join(geminiDir, "projects.json"))
	if err != nil {
		return "", "", false
	}
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if json.Unmarshal(data, &reg) != nil {
		return "", "", false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", false
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
		return "", "", false
	}
	mem = filepath.Join(geminiDir, "tmp", slug, "memory")
	if fi, err := os.Stat(mem); err != nil || !fi.IsDir() {
		return "", "", false
	}
	return mem, best, true
}
