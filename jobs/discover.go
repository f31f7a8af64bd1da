package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/target"
	"github.com/automem/automem/internal/transcript"
)

// Target is one project of one source with its scanned sessions and the
// memory its candidates go to.
type Target struct {
	Source  string
	Project gemini.Project
	// Dir is the memory of the agent that receives the candidates (Agent
	// "" when there is none: nothing is extracted).
	Dir memdir.Dir
	// Mirrors are the other agents' memories that receive the same
	// candidates (several targets): one decision in inbox covers all.
	Mirrors []memdir.Dir
	Entries []scan.Entry
	Stats   scan.Stats
}

// Discover finds the projects of the chosen sources and scans their
// transcripts (steps 1–3 of the cycle). Claude Code and Codex sessions are
// grouped by the project root they record. Each target's candidates go to
// the memory of the agent that recorded its sessions.
func Discover(ctx context.Context, cfg Config) ([]Target, error) {
	projects, err := gemini.Projects(cfg.GeminiDir)
	if err != nil {
		return nil, err
	}
	var targets []Target
	var noGemini error // --project names no Gemini CLI project; another source may have it
	for _, src := range sources(cfg.Source) {
		var ts []Target
		switch src {
		case SourceGemini:
			ts, err = geminiTargets(ctx, cfg, projects)
			if cfg.Source == SourceAll && errors.Is(err, gemini.ErrNoProject) {
				noGemini, err = err, nil
			}
		case SourceClaude:
			ts, err = groupedTargets(ctx, cfg, projects, transcript.Claude, cfg.ClaudeDir, transcript.ClaudeFiles)
		case SourceCodex:
			ts, err = groupedTargets(ctx, cfg, projects, transcript.Codex, cfg.CodexHome, transcript.CodexFiles)
		case SourceAntigravity:
			ts, err = groupedTargets(ctx, cfg, projects, transcript.Antigravity, transcript.AntigravityDir(cfg.GeminiDir), transcript.AntigravityFiles)
		}
		if err != nil {
			return nil, err
		}
		targets = append(targets, ts...)
	}
	if len(targets) == 0 && noGemini != nil {
		// every source was scanned: name them all, not only Gemini CLI
		dir := cfg.Project
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		return nil, fmt.Errorf("no Gemini CLI, Claude Code, Codex or Antigravity CLI project contains %s", dir)
	}
	for i := range targets {
		route(cfg, projects, &targets[i])
	}
	return targets, nil
}

// route sends a target's candidates to the memory of the first agent of
// cfg.Targets that has one for its root (a Gemini CLI project of that
// root, or a root for the others); without cfg.Targets they stay with the
// agent that recorded the sessions.
func route(cfg Config, projects []gemini.Project, t *Target) {
	agents := cfg.targetsOf(t.Project.Root)
	if len(agents) == 0 {
		return
	}
	t.Dir, t.Mirrors = memdir.Dir{}, nil
	for _, agent := range agents {
		p := t.Project
		if agent == SourceGemini && t.Source != SourceGemini {
			gp, ok := gemini.ForRoot(projects, t.Project.Root)
			if !ok {
				continue
			}
			p = gp
		}
		d, ok := cfg.layout(agent, p)
		switch {
		case !ok:
		case t.Dir.Data == "":
			t.Project, t.Dir = p, d
		default:
			t.Mirrors = append(t.Mirrors, d)
		}
	}
}

// targetsOf is the agents whose memory a root's candidates go to: --targets
// (or AUTOMEM_TARGETS), else the project's setting (inbox targets), else
// none: each session's own agent.
func (cfg Config) targetsOf(root string) []string {
	if len(cfg.Targets) > 0 {
		return cfg.Targets
	}
	return cfg.settingsOf(root).Targets
}

func sources(s string) []string {
	if s == SourceAll {
		return []string{SourceGemini, SourceClaude, SourceCodex, SourceAntigravity}
	}
	return []string{s}
}

func geminiTargets(ctx context.Context, cfg Config, projects []gemini.Project) ([]Target, error) {
	if cfg.Project != "" {
		p, err := narrow(projects, cfg.Project)
		if err != nil {
			return nil, err
		}
		projects = []gemini.Project{p}
	}
	var targets []Target
	for _, p := range projects {
		cache := openCache(cachePath(cfg, "gemini", p.ChatsDir)) // loads while the dir is listed
		cfg.startListing()
		files, err := scan.GeminiFilesLazy(append([]string{p.ChatsDir}, p.ExtraChatsDirs...)...)
		if err != nil {
			cfg.Log.Warn().Err(err).Str("project", p.ID).Msg("list transcripts")
		}
		entries, st := runScan(ctx, cfg, files, <-cache)
		dir, _ := cfg.layout(SourceGemini, p)
		targets = append(targets, Target{Source: SourceGemini, Project: p, Dir: dir, Entries: entries, Stats: st})
	}
	return targets, nil
}

func narrow(projects []gemini.Project, dir string) (gemini.Project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return gemini.Project{}, fmt.Errorf("project %s: %w", dir, err)
	}
	var best *gemini.Project
	bestLen := -1
	for i := range projects {
		p := &projects[i]
		if n, ok := p.Holds(abs); ok && n > bestLen {
			best, bestLen = p, n
		}
	}
	if best == nil {
		return gemini.Project{}, fmt.Errorf("%w for %s (is it a Gemini CLI project?)", gemini.ErrNoProject, abs)
	}
	return *best, nil
}

// groupedTargets scans every transcript of a source whose files are not
// laid out per project (Claude Code keys are lossy, Codex has none) and
// groups the sessions by the root they record.
func groupedTargets(ctx context.Context, cfg Config, projects []gemini.Project, src transcript.Source, dir string,
	list func(string) ([]string, error)) ([]Target, error) {
	cache := openCache(cachePath(cfg, string(src), dir)) // loads while the files are listed
	paths, err := list(dir)
	if err != nil {
		cfg.Log.Warn().Err(err).Str("source", string(src)).Msg("list transcripts")
	}
	if len(paths) > 0 {
		cfg.startListing()
	}
	files := make([]scan.File, len(paths))
	for i, p := range paths {
		files[i] = scan.File{Path: p, Source: src}
	}
	entries, st := runScan(ctx, cfg, files, <-cache)
	if src == transcript.Codex {
		codexTitles(cfg, dir, entries)
	}
	if src == transcript.Antigravity {
		antigravityRoots(cfg, dir, entries)
	}
	keys := &projectRoots{}
	groups := map[string][]scan.Entry{}
	for _, e := range entries {
		k := keys.of(e.ProjectRoot)
		groups[k] = append(groups[k], e)
	}
	var narrowRoot string
	if cfg.Project != "" {
		abs, err := filepath.Abs(cfg.Project)
		if err != nil {
			return nil, fmt.Errorf("project %s: %w", cfg.Project, err)
		}
		narrowRoot = keys.of(abs)
	}
	roots := make([]string, 0, len(groups))
	for r := range groups {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	var targets []Target
	for _, root := range roots {
		if narrowRoot != "" && !contains(root, narrowRoot) {
			continue
		}
		p := gemini.Project{ID: gemini.Slug(root), Root: root, Worktrees: linkedRoots(root, groups[root])}
		if root != "" {
			p.ID = target.ProjectID(root)
		}
		dir, _ := cfg.layout(string(src), p)
		if gp, ok := gemini.ForRoot(projects, root); ok && src == transcript.Antigravity {
			// Gemini CLI's successor keeps no memory automem writes yet:
			// its sessions feed the Gemini CLI memory of the same root.
			p = gp
			dir, _ = cfg.layout(SourceGemini, gp)
		}
		targets = append(targets, Target{Source: string(src), Project: p, Dir: dir, Entries: groups[root], Stats: st})
	}
	return targets, nil
}

// codexTitles gives Codex sessions the thread names Codex keeps outside
// the rollouts ($CODEX_HOME/session_index.jsonl), as the title the index
// shows; a session that has a title keeps it.
func codexTitles(cfg Config, codexHome string, entries []scan.Entry) {
	titles, err := transcript.CodexTitles(codexHome)
	if err != nil {
		cfg.Log.Warn().Err(err).Msg("codex thread names not read")
		return
	}
	for i := range entries {
		if entries[i].Summary == "" {
			entries[i].Summary = titles[entries[i].ID]
		}
	}
}

func contains(root, dir string) bool {
	if root == "" {
		return false
	}
	rel, err := filepath.Rel(root, dir)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// startListing tells the run, if it asked, that there are transcripts to
// scan: a Gemini CLI project's before its (long) listing, another source's
// once it listed any.
func (cfg Config) startListing() {
	if cfg.listing != nil {
		cfg.listing()
	}
}

// openCache loads the scan cache at path (none when path is empty) on
// another goroutine: mapping and indexing it overlaps the listing of the
// transcripts, which runs on one core.
func openCache(path string) <-chan *scan.Cache {
	ch := make(chan *scan.Cache, 1)
	if path == "" {
		ch <- nil
		return ch
	}
	go func() { ch <- scan.OpenCache(path) }()
	return ch
}

func runScan(ctx context.Context, cfg Config, files []scan.File, cache *scan.Cache) ([]scan.Entry, scan.Stats) {
	entries, st := scan.Scan(ctx, files, scan.Options{
		Now: cfg.Now, MinIdle: cfg.MinIdle, MinUserMessages: cfg.MinUserMessages,
		Cache: cache, Log: cfg.Log, // Read nil: a reusable reader per worker
	})
	if err := cache.Save(); err != nil {
		cfg.Log.Debug().Err(err).Msg("scan cache not saved")
	}
	return entries, st
}

func cachePath(cfg Config, kind, dir string) string {
	if cfg.CacheDir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(dir))
	return filepath.Join(cfg.CacheDir, "scan", kind+"-"+hex.EncodeToString(sum[:8])+".cache")
}

// mergeByMemory joins the targets that share a memory (the sessions of
// several agents sent to one agent's memory of the same root) into one, so
// a run takes that memory's lock, builds its index and records its run
// once; otherwise the second source would find the first one's fresh run
// and be throttled. Its Source names every source joined ("gemini+claude").
func mergeByMemory(targets []Target) []Target {
	var out []Target
	at := map[string]int{}
	for _, t := range targets {
		i, ok := at[t.Dir.Data]
		if t.Dir.Data == "" || !ok {
			if t.Dir.Data != "" {
				at[t.Dir.Data] = len(out)
			}
			out = append(out, t)
			continue
		}
		m := &out[i]
		m.Source += "+" + t.Source
		m.Entries = append(append([]scan.Entry(nil), m.Entries...), t.Entries...)
		m.Stats.Files += t.Stats.Files
		m.Stats.CacheHits += t.Stats.CacheHits
		m.Stats.Read += t.Stats.Read
		m.Stats.BytesRead += t.Stats.BytesRead
		m.Stats.Unreadable += t.Stats.Unreadable
	}
	return out
}
