package jobs

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/tombstone"
	"github.com/automem/automem/internal/upkeep"
)

// UpkeepConfig is the memory upkeep pass of the cycle (internal/upkeep).
type UpkeepConfig struct {
	// On turns the pass on (the command's default; off in a zero Config).
	On bool
	// Interval is the least time between two passes on a project.
	Interval time.Duration
	// Decay is how long a line may go unmentioned before it is unused.
	Decay time.Duration
	// IndexBudget is the most lines MEMORY.md should have (0: default).
	IndexBudget int
	// Tree returns the freshness check of a project root (nil: none).
	Tree func(root string) (upkeep.Tree, error)
}

// maxUpkeepSessions bounds the sessions one pass reads, newest first, and
// maxUpkeepOutput the bytes of each tool output it keeps (the head of a
// listing is where it shows a file): the pass holds them all at once.
const (
	maxUpkeepSessions = 300
	maxUpkeepOutput   = 8 << 10
)

// UpkeepReport is what the pass proposed for one project.
type UpkeepReport struct {
	// Proposals counts the proposals by action (merge, replace, archive, move).
	Proposals map[string]int `json:"proposals"`
	// Items are the proposals, for a dry run's report.
	Items []UpkeepItem `json:"items,omitempty"`
	// Skipped says why nothing was proposed ("" when the pass ran).
	Skipped string `json:"skipped,omitempty"`
}

// UpkeepItem is one proposal as reported.
type UpkeepItem struct {
	Action string `json:"action"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Text   string `json:"text"`
	With   string `json:"with,omitempty"`
	To     string `json:"to"`
	Why    string `json:"why"`
}

// upkeep is the upkeep stage, after the extraction under its lock: at most
// once per interval, propose upkeep of the project's memory as reviewable
// hunks. A failure costs only the upkeep: it is logged and reported.
func (p *project) upkeep(ctx context.Context, lk *lockfile.Lock) {
	if !p.upkeepDue() {
		return
	}
	rep, err := p.upkeepPass(ctx, lk, false)
	if err != nil {
		p.log.Warn().Err(err).Msg("memory upkeep failed")
		return
	}
	p.pr.Upkeep = rep
}

// upkeepDue reports whether the upkeep stage would run now: upkeep is on,
// the project has a private memory dir (where archive.md is kept) and the
// interval since the last pass (upkeep.json, read without the lock) is
// over, or the run is forced.
func (p *project) upkeepDue() bool {
	u := p.cfg.Upkeep
	if !u.On || p.dir.Targets.MemoryDir == "" {
		return false
	}
	return p.cfg.Force || upkeep.LoadRecord(p.dir.Upkeep()).Due(p.cfg.Now, u.Interval)
}

// upkeepOnly runs a due upkeep pass under the lock when extraction skips
// the project (nothing new, throttled, budget spent), so upkeep keeps its
// interval on quiet days; why, the skip, is returned as it is. When the
// pass is not due nothing more than upkeep.json is read; a held lock or a
// failure costs only the pass.
func (p *project) upkeepOnly(ctx context.Context, why error, lk *lockfile.Lock) error {
	var s skip
	if !errors.As(why, &s) || !p.upkeepDue() {
		return why
	}
	if lk == nil {
		var err error
		if lk, err = p.lock(ctx); err != nil {
			p.log.Debug().Err(err).Msg("upkeep due but the lock is not free; next run")
			return why
		}
		defer p.unlock(lk)
	}
	p.upkeep(ctx, lk)
	return why
}

// upkeepPass plans the pass and, unless dry, proposes it and records when
// (the caller holds the lock lk).
func (p *project) upkeepPass(ctx context.Context, lk *lockfile.Lock, dry bool) (*UpkeepReport, error) {
	rep := &UpkeepReport{Proposals: map[string]int{}}
	rec := upkeep.LoadRecord(p.dir.Upkeep())
	if !dry {
		waiting, err := upkeep.Waiting(p.dir)
		if err != nil {
			return nil, err
		}
		if waiting {
			rep.Skipped = "earlier upkeep proposals are still waiting for review"
			return rep, p.saveUpkeep(rec)
		}
	}
	in, err := p.upkeepInput(ctx)
	if err != nil {
		return nil, err
	}
	props := upkeep.Plan(in)
	in.Dream = upkeep.Dream(sinceDream(in.Sessions, rec))
	for _, pr := range props {
		rep.Proposals[string(pr.Action)]++
		if dry {
			rep.Items = append(rep.Items, UpkeepItem{Action: string(pr.Action), Path: pr.Path, Line: pr.LineNo,
				Text: pr.Line, With: pr.With, To: pr.To, Why: pr.Why})
		}
	}
	for _, it := range in.Dream {
		rep.Proposals["dream"]++
		if dry {
			rep.Items = append(rep.Items, UpkeepItem{Action: string(upkeep.ActionAdd), Path: filepath.Join(p.dir.Targets.MemoryDir, upkeep.DreamFile),
				Text: "- " + it.Line, Why: "dream note (" + it.Section + "), session " + it.Proof.SessionID})
		}
	}
	if dry {
		return rep, nil
	}
	if len(props) > 0 || len(in.Dream) > 0 {
		if err := lk.Check(); err != nil {
			return nil, fmt.Errorf("lock lost before upkeep: %w", err)
		}
		changes, ev := upkeep.Render(in, props)
		if _, err := upkeep.Propose(p.dir, changes, ev, p.cfg.Now); err != nil {
			return nil, err
		}
		p.log.Info().Interface("proposals", rep.Proposals).Msg("memory upkeep proposed; review it with `inbox review`")
	}
	if len(in.Dream) > 0 {
		rec.LastDream = rfc3339(p.cfg.Now)
	}
	return rep, p.saveUpkeep(rec)
}

// saveUpkeep records that the pass ran now.
func (p *project) saveUpkeep(rec upkeep.Record) error {
	rec.LastRun = rfc3339(p.cfg.Now)
	if err := rec.Save(p.dir.Upkeep()); err != nil {
		return fmt.Errorf("record upkeep: %w", err)
	}
	return nil
}

// sinceDream are the sessions after the last dream notes, oldest first.
func sinceDream(sessions []upkeep.Session, rec upkeep.Record) []upkeep.Session {
	last, _ := time.Parse(time.RFC3339, rec.LastDream)
	var out []upkeep.Session
	for _, s := range sessions {
		if s.At.After(last) {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At.Before(out[j].At) })
	return out
}

// upkeepInput loads what the pass reads: the memory files, the newest
// eligible sessions (redacted), the evidence and tombstones, and the
// working tree's freshness check.
func (p *project) upkeepInput(ctx context.Context) (upkeep.Input, error) {
	u := p.cfg.Upkeep
	in := upkeep.Input{Index: p.dir.Index(), Archive: p.dir.Archive(), Now: p.cfg.Now, Decay: u.Decay, IndexBudget: u.IndexBudget}
	var err error
	if in.Files, err = upkeep.LoadFiles(p.dir); err != nil {
		return in, err
	}
	if in.Evidence, err = evidence.Load(p.dir.Evidence()); err != nil {
		p.log.Warn().Err(err).Msg("evidence unreadable; upkeep dates lines by sessions only")
	}
	if in.Tombstones, err = tombstone.Load(p.dir.Tombstones()); err != nil {
		return in, err
	}
	if u.Tree != nil && p.t.Project.Root != "" {
		if in.Tree, err = u.Tree(p.t.Project.Root); err != nil {
			p.log.Warn().Err(err).Msg("working tree unreadable; no stale-line check")
			in.Tree = nil
		}
	}
	entries := p.t.Entries[:0:0]
	for _, e := range p.t.Entries {
		if e.Eligible {
			entries = append(entries, e)
		}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].LastUpdated.After(entries[j].LastUpdated) })
	if len(entries) > maxUpkeepSessions {
		entries = entries[:maxUpkeepSessions]
	}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return in, err
		}
		msgs, err := offline.ReadTranscript(ctx, e.Session)
		if err != nil {
			p.log.Warn().Err(err).Str("session", e.ID).Msg("session unreadable; upkeep goes on without it")
			continue
		}
		for i := range msgs {
			msgs[i].Text = p.redact(msgs[i].Text)
			for k := range msgs[i].ToolCalls {
				tc := &msgs[i].ToolCalls[k]
				tc.Args = []byte(p.redact(string(tc.Args)))
				tc.Output = p.redact(render.CutBytes(tc.Output, maxUpkeepOutput))
			}
		}
		in.Sessions = append(in.Sessions, upkeep.Session{ID: e.ID, At: e.LastUpdated, Messages: msgs})
	}
	return in, nil
}

// Upkeep runs the upkeep pass alone on every target, now: a dry run
// (cfg.DryRun) only plans it; a real one proposes it under each project's
// lock, whatever the interval, and records it.
func Upkeep(ctx context.Context, cfg Config, deps Deps) (Report, error) {
	rep := Report{DryRun: cfg.DryRun, Now: rfc3339(cfg.Now), Projects: []ProjectReport{}}
	targets, red, err := discover(ctx, cfg, &deps)
	if err != nil {
		return rep, err
	}
	for _, t := range mergeByMemory(targets) {
		p := plan(ctx, cfg, deps, red, t)
		p.pr.Status = StatusDone
		if cfg.DryRun {
			p.pr.Status = StatusDryRun
		}
		if err := p.upkeepNow(ctx); err != nil {
			var s skip
			if errors.As(err, &s) {
				p.pr.Status = s.status
			} else {
				p.pr.Status, p.pr.Error = StatusFailed, err.Error()
			}
		}
		rep.Projects = append(rep.Projects, p.pr)
		if ctx.Err() != nil {
			return rep, ErrInterrupted
		}
	}
	return rep, outcome(rep)
}

// upkeepNow is one project of Upkeep.
func (p *project) upkeepNow(ctx context.Context) error {
	if p.dir.Targets.MemoryDir == "" {
		return skip{status: StatusNoMemory, msg: "no memory dir"}
	}
	if p.cfg.DryRun {
		rep, err := p.upkeepPass(ctx, nil, true)
		p.pr.Upkeep = rep
		return err
	}
	lk, err := p.lock(ctx)
	if err != nil {
		return err
	}
	defer p.unlock(lk)
	rep, err := p.upkeepPass(ctx, lk, false)
	p.pr.Upkeep = rep
	return err
}
