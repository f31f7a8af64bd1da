package jobs

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/scan"
)

// Deps are the pluggable parts of a run.
type Deps struct {
	// Redactor cleans every text that leaves the process or is kept in the
	// inbox (nil: none, for tests of other stages).
	Redactor *redact.Redactor
	// NewRedactor, when Redactor is nil, builds it once there are
	// transcripts to scan (see discover), so a run with nothing to scan
	// does not pay for the rule set.
	NewRedactor func() (*redact.Redactor, error)
	// Extractor produces candidates (real runs only).
	Extractor Extractor
}

var errNoExtractor = errors.New("no extractor configured")

// ErrSkipped is Run's error when no project failed but at least one was
// skipped because another run held its lock or its throttle or backoff was
// not over; the command maps it to exit status 75 without printing it.
var ErrSkipped = errors.New("skipped")

// ErrInterrupted is Run's error when a signal (Ctrl-C, a scheduler's stop)
// ended the run: the project being extracted was recorded as aborted, the
// rest were left for the next run. It is not a failure; the command exits
// 130 and starts no backoff.
var ErrInterrupted = errors.New("interrupted: the run was recorded as aborted, no backoff; the next run goes on")

// Run performs one cycle over every target and returns the report.
func Run(ctx context.Context, cfg Config, deps Deps) (Report, error) {
	rep := Report{DryRun: cfg.DryRun, Now: rfc3339(cfg.Now), Projects: []ProjectReport{}}
	targets, red, err := discover(ctx, cfg, &deps)
	if err != nil {
		return rep, err
	}
	if !cfg.DryRun && deps.Extractor == nil && len(targets) > 0 {
		return rep, errNoExtractor
	}
	for _, t := range mergeByMemory(targets) {
		p := plan(ctx, cfg, deps, red, t)
		if cfg.DryRun {
			p.dryRun(ctx)
		} else {
			p.extract(ctx)
		}
		if u := p.pr.Usage; u != nil {
			cfg.Budget.spent = cfg.Budget.spent.Add(u.Tokens) // the run's budget is shared by its projects
		}
		rep.Projects = append(rep.Projects, p.pr)
		if ctx.Err() != nil {
			break
		}
	}
	if ctx.Err() != nil {
		return rep, ErrInterrupted
	}
	if !cfg.DryRun {
		indexRecall(ctx, cfg, targets, red)
		summarize(cfg, rep)
	}
	return rep, outcome(rep)
}

// discover finds the targets and, when there are any, builds the
// redactor deps lacks. It starts building it as soon as Discover finds
// transcripts to scan (a Gemini CLI project, before its long listing, on
// the core the listing leaves idle), and keeps it only if a target was
// found; a run with nothing to scan never starts it. A build started for
// nothing is left to finish on its own: it holds no resource.
func discover(ctx context.Context, cfg Config, deps *Deps) ([]Target, redactor, error) {
	var build func() (*redact.Redactor, error)
	if deps.Redactor == nil && deps.NewRedactor != nil {
		build = sync.OnceValues(deps.NewRedactor)
		cfg.listing = func() { go build() } // a later call waits for the first
	}
	targets, err := Discover(ctx, cfg)
	if err != nil {
		return nil, redactor{}, err
	}
	if build != nil && len(targets) > 0 {
		if deps.Redactor, err = build(); err != nil {
			return nil, redactor{}, fmt.Errorf("prepare redaction rules: %w", err)
		}
	}
	return targets, redactor{r: deps.Redactor, log: cfg.Log}, nil
}

// indexRecall runs the index stage after the records; a failure only
// costs search freshness, so it is logged and the run goes on.
func indexRecall(ctx context.Context, cfg Config, targets []Target, red redactor) {
	if cfg.CacheDir == "" || red.r == nil {
		return // never index unredacted text
	}
	st, err := Recall(ctx, cfg, targets, red.text(ctx))
	if err != nil {
		cfg.Log.Warn().Err(err).Msg("search index not updated")
		return
	}
	if st.Rebuilt != "" {
		cfg.Log.Info().Str("reason", st.Rebuilt).Int("documents", st.Indexed).Msg("search index rebuilt")
	}
	cfg.Log.Debug().Bool("unchanged", st.Unchanged).Int("indexed", st.Indexed).Int("removed", st.Removed).
		Int("kept", st.Kept).Int("rows", st.Rows).Msg("search index updated")
}

// summarize logs one line for the whole run: how many projects ended how,
// and what was left for review.
func summarize(cfg Config, rep Report) {
	statuses := map[string]int{}
	var c Candidates
	for _, p := range rep.Projects {
		statuses[p.Status]++
		if p.Candidates != nil {
			c.Memory += p.Candidates.Memory
			c.Skills += p.Candidates.Skills
			c.SkillUpdates += p.Candidates.SkillUpdates
			c.Rejected += p.Candidates.Rejected
		}
	}
	ev := cfg.Log.Info().Int("projects", len(rep.Projects)).Interface("statuses", statuses).
		Int("memory", c.Memory).Int("skills", c.Skills).Int("skillUpdates", c.SkillUpdates).Int("rejected", c.Rejected)
	if c.Memory+c.Skills+c.SkillUpdates > 0 {
		ev.Msg("run finished: new candidates are waiting, review them with `inbox review`")
		return
	}
	ev.Msg("run finished")
}

// outcome maps the project statuses to the run's error: any failure fails
// the run (exit 1); otherwise any skipped project makes it "skipped" (75).
func outcome(rep Report) error {
	failed, skipped := 0, 0
	for _, p := range rep.Projects {
		switch p.Status {
		case StatusFailed:
			failed++
		case StatusLocked, StatusThrottled, StatusBackoff, StatusBudget:
			skipped++
		}
	}
	switch {
	case failed > 0:
		return fmt.Errorf("%d of %d projects failed", failed, len(rep.Projects))
	case skipped > 0:
		return ErrSkipped
	}
	return nil
}

func projectReport(t Target, h index.History, lines []index.Line, redact func(string) string) ProjectReport {
	pr := ProjectReport{
		Source: t.Source, ID: t.Project.ID, Root: t.Project.Root, MemoryDir: t.Dir.Targets.MemoryDir,
		Agent: t.Dir.Agent, Targets: t.Dir.Files(), DataDir: dataDir(t.Dir), Worktrees: t.Project.Worktrees,
		AlsoTargets: alsoTargets(t.Mirrors),
		Sessions:    make([]SessionReport, 0, len(t.Entries)), Index: make([]string, len(lines)),
	}
	// The index lines are redacted on the other core while the sessions'
	// lines are made: the first texts also compile the rules their
	// keywords call for, about as long as the sessions take.
	var redacted sync.WaitGroup
	if len(lines) > 0 {
		redacted.Go(func() {
			for i, l := range lines {
				pr.Index[i] = redact(l.Text)
			}
		})
	}
	// The sessions' times are formatted into one buffer, then made one
	// string their fields are cut from: a string each was 10,000
	// allocations in a large project's report.
	stamps := make([]byte, 0, len("2006-01-02T15:04:05Z")*len(t.Entries))
	ends := make([]int32, len(t.Entries))
	for i, e := range t.Entries {
		pr.Sessions = append(pr.Sessions, sessionReport(e, h))
		if !e.LastUpdated.IsZero() {
			stamps = e.LastUpdated.UTC().AppendFormat(stamps, time.RFC3339)
		}
		ends[i] = int32(len(stamps))
	}
	all, start := string(stamps), int32(0)
	for i, end := range ends {
		pr.Sessions[i].LastUpdated, start = all[start:end], end
	}
	redacted.Wait()
	return pr
}

// sessionReport is one session's line of the report but for its
// LastUpdated, which projectReport fills.
func sessionReport(e scan.Entry, h index.History) SessionReport {
	sr := SessionReport{
		SessionID: e.ID, Source: string(e.Source), Path: e.Path, UserMessages: e.UserMessages,
		Eligible: e.Eligible, Reason: e.Reason, Error: e.Error,
	}
	if e.ID != "" && e.Reason != scan.ReasonUnreadable {
		st := h.Status(e.ID, e.LastUpdated)
		sr.New, sr.Exhausted = st.New, st.Exhausted
	}
	return sr
}
