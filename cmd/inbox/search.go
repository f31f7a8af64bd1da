package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/recall"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/jobs"
)

// IndexFlags locate the search index and what builds it when missing.
type IndexFlags struct {
	CacheDir  string `help:"automem's cache dir, where extract keeps the search index (default: extract's, $AUTOMEM_CACHE_DIR when set)." type:"path" default:"${cache_dir}" env:"${env_prefix}CACHE_DIR"`
	ClaudeDir string `help:"Claude Code config dir (to build a missing index)." type:"path" default:"${claude_dir}" env:"CLAUDE_CONFIG_DIR"`
	CodexHome string `help:"Codex home dir (to build a missing index)." type:"path" default:"${codex_home}" env:"CODEX_HOME"`
}

// SearchCmd searches memory, the archive and past sessions.
type SearchCmd struct {
	IndexFlags
	Query          []string `arg:"" help:"Words, \"exact phrases\", prefix*, AND, OR, NOT, (…)."`
	JSON           bool     `name:"json" help:"One compact JSON line per hit." env:"AUTOMEM_JSON"`
	Sessions       bool     `help:"Only past sessions." xor:"what"`
	Memory         bool     `help:"Only memory files (with the archive if --include-archive)." xor:"what"`
	All            bool     `help:"Search every project, not only the current one."`
	IncludeArchive bool     `help:"Also search archive.md (archived memory)."`
	Since          string   `help:"Only what changed since a date (2026-05-01, RFC3339) or a duration ago (36h, 7d)." placeholder:"WHEN"`
	Limit          int      `help:"Most hits per group (memory, then sessions)." default:"10" min:"1" max:"1000" env:"${env_prefix}SEARCH_LIMIT"`
}

// searchHit is one line of --json output, and one hit of the MCP tools.
type searchHit struct {
	recall.Hit
	Resume string `json:"resume,omitempty"`
	// Status is "pending" for a candidate no person has reviewed yet (an
	// inbox patch, a skill draft), so neither a person nor an agent takes
	// it for reviewed memory; "" otherwise.
	Status string `json:"status,omitempty"`
}

// statusPending marks an unreviewed candidate's hit.
const statusPending = "pending"

// hitOf is a hit as the CLI and the MCP tools both give it.
func hitOf(h recall.Hit) searchHit {
	out := searchHit{Hit: h, Resume: resume(h)}
	if h.Kind != recall.KindSession && memdir.Pending(h.Path) {
		out.Status = statusPending
	}
	return out
}

// Run searches the index, building it first when it is missing.
func (c *SearchCmd) Run(ctx context.Context, env *cli.Env, g *Globals) error {
	since, err := parseSince(c.Since, env.Now())
	if err != nil {
		return cli.Usage(err)
	}
	text := strings.Join(c.Query, " ")
	if _, err := recall.Match(text); err != nil {
		return cli.Usage(err)
	}
	ix, err := c.open(ctx, env)
	if err != nil {
		return err
	}
	defer ix.Close()
	var projects []string
	if !c.All {
		p, err := currentProject(ctx, env, g, ix)
		if err != nil {
			return err
		}
		projects = []string{p}
	}
	q := recall.Query{Text: text, Projects: projects, Agent: g.Agent, Since: since, Limit: c.Limit}
	if !c.JSON && g.colour(env) {
		q.Mark = [2]string{"\x1b[1;33m", "\x1b[0m"}
	}
	var groups [][]string
	if !c.Sessions {
		kinds := []string{recall.KindMemory}
		if c.IncludeArchive {
			kinds = append(kinds, recall.KindArchive)
		}
		groups = append(groups, kinds)
	}
	if !c.Memory {
		groups = append(groups, []string{recall.KindSession})
	}
	var hits []recall.Hit
	for _, kinds := range groups {
		q.Kinds = kinds
		h, err := ix.Search(ctx, q)
		if errors.Is(err, recall.ErrQuery) {
			return cli.Usage(err)
		}
		if err != nil {
			return err
		}
		hits = append(hits, h...)
	}
	return printHits(env, hits, c.JSON)
}

// open opens the index, building it from the transcripts and memory files
// when it is missing, of another version or corrupt.
func (c *IndexFlags) open(ctx context.Context, env *cli.Env) (*recall.Index, error) {
	path := recall.Path(c.CacheDir)
	ix, err := recall.OpenReadOnly(path)
	if err == nil {
		return ix, nil
	}
	if !errors.Is(err, recall.ErrNoIndex) && !errors.Is(err, recall.ErrStale) {
		return nil, err
	}
	if errors.Is(err, recall.ErrStale) {
		fmt.Fprintln(env.Stderr, "inbox: the search index is of another version or damaged: rebuilding it")
		if err := recall.Rebuild(path); err != nil {
			return nil, fmt.Errorf("remove the old search index: %w", err)
		}
	}
	if err := c.build(ctx, env); err != nil {
		return nil, err
	}
	return recall.OpenReadOnly(path)
}

// build indexes every project of every agent, as `extract --source all`
// would, with a progress line on a terminal.
func (c *IndexFlags) build(ctx context.Context, env *cli.Env) error {
	cfg := jobs.Config{
		GeminiDir: gemini.Dir(env.Getenv, env.Home), ClaudeDir: c.ClaudeDir, CodexHome: c.CodexHome, CacheDir: c.CacheDir,
		Source: jobs.SourceAll, Now: env.Now(), Log: env.Log,
	}
	targets, err := jobs.Discover(ctx, cfg)
	if err != nil {
		return fmt.Errorf("build search index: %w", err)
	}
	red, err := redact.New(redact.Options{})
	if err != nil {
		return fmt.Errorf("prepare redaction rules: %w", err)
	}
	hook := red.Hook(ctx, func(err error) { env.Log.Warn().Err(err).Msg("text withheld: redaction failed") }, nil)
	opt := recall.Options{Redact: hook, Log: env.Log}
	if env.StderrTTY {
		last := time.Time{}
		opt.Progress = func(done, total int) {
			if now := time.Now(); now.Sub(last) > 100*time.Millisecond || done == total {
				last = now
				fmt.Fprintf(env.Stderr, "\rbuilding the search index: %d/%d", done, total)
			}
		}
	}
	st, err := recall.Update(ctx, recall.Path(c.CacheDir), jobs.RecallSnapshot(cfg, targets), opt)
	if env.StderrTTY && opt.Progress != nil && st.Indexed > 0 {
		fmt.Fprintln(env.Stderr)
	}
	if err != nil {
		return fmt.Errorf("build search index: %w", err)
	}
	return nil
}

// currentProject is the index's name for the project of --project or the
// current directory: its Gemini project, else the deepest indexed project
// root that contains it.
func currentProject(ctx context.Context, env *cli.Env, g *Globals, ix *recall.Index) (string, error) {
	dir := g.Project
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("current directory: %w", err)
		}
		dir = wd
	}
	if p, err := gemini.FindProject(gemini.Dir(env.Getenv, env.Home), dir); err == nil {
		return jobs.RecallKey(p), nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("project %s: %w", dir, err)
	}
	roots, err := ix.Projects(ctx)
	if err != nil {
		return "", err
	}
	best := ""
	for _, r := range roots {
		if rel, err := filepath.Rel(r, abs); err == nil && filepath.IsAbs(r) && (rel == "." || filepath.IsLocal(rel)) && len(r) > len(best) {
			best = r
		}
	}
	if best == "" {
		return "", fmt.Errorf("no indexed project contains %s (use --all, or --project DIR)", abs)
	}
	return best, nil
}

// printHits writes the hits for a person or, with --json, one compact line
// each.
func printHits(env *cli.Env, hits []recall.Hit, asJSON bool) error {
	w := bufio.NewWriter(env.Stdout)
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, h := range hits {
			if err := enc.Encode(hitOf(h)); err != nil {
				return fmt.Errorf("write hits: %w", err)
			}
		}
	} else {
		if len(hits) == 0 {
			fmt.Fprintln(w, "no match")
		}
		for _, h := range hits {
			at := where(h)
			if hitOf(h).Status == statusPending {
				at += " (pending candidate, not reviewed)"
			}
			fmt.Fprintf(w, "%s\n    %s\n", at, h.Snippet)
			if r := resume(h); r != "" {
				fmt.Fprintf(w, "    resume: %s\n", r)
			}
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write hits: %w", err)
	}
	return nil
}

// where says where a hit is: file:line, or the session, its date and turn.
func where(h recall.Hit) string {
	if h.Kind != recall.KindSession {
		s := h.Path + ":" + strconv.Itoa(h.Line)
		if h.Kind == recall.KindArchive {
			s += " (archive)"
		}
		return s
	}
	date := h.At
	if date == "" {
		date = h.Date
	}
	return fmt.Sprintf("%s session %s %s turn %d (%s)", h.Agent, h.Session, date, h.Turn, h.Role)
}

// resume is the command that resumes a hit's session in its agent.
func resume(h recall.Hit) string {
	if h.Kind != recall.KindSession || h.Session == "" {
		return ""
	}
	switch h.Agent {
	case jobs.SourceGemini:
		return "gemini --resume " + h.Session
	case jobs.SourceClaude:
		return "claude --resume " + h.Session
	case jobs.SourceCodex:
		return "codex resume " + h.Session
	}
	return ""
}

// parseSince reads --since: a date, an RFC3339 time, or a duration ago
// (Go's, or whole days as "7d").
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if d, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(d); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, fmt.Errorf("--since %q: want a date (2026-05-01), an RFC3339 time or a duration (36h, 7d)", s)
}
