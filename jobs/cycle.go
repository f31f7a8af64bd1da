package jobs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/state"
	"github.com/automem/automem/internal/usage"
)

// postTimeout bounds validation after an extraction, which runs even when
// the run was cancelled.
const postTimeout = time.Minute

// extractProject runs steps 4–12 of the cycle for one project.
func extractProject(ctx context.Context, cfg Config, deps Deps, red redactor, t Target, pr *ProjectReport) {
	redactText := red.text(ctx)
	log := cfg.Log.With().Str("project", t.Project.ID).Str("source", t.Source).Logger()
	if t.Project.MemoryDir == "" {
		pr.Status = StatusNoMemory
		log.Info().Msg("no Gemini CLI project for this root: nothing to write into")
		return
	}
	dir := cfg.layout(t.Project)
	// Step 4: nothing NEW → no lock, nothing written.
	st, err := state.Load(dir.State(), state.LoadOptions{Now: clock(cfg), Log: log, ReadOnly: true})
	if err != nil {
		fail(pr, log, fmt.Errorf("read state: %w", err))
		return
	}
	if len(index.NewSessions(index.Build(t.Entries, history{st}, cfg.IndexSize, cfg.MaxNew))) == 0 {
		pr.Status = StatusNothingNew
		log.Info().Msg("nothing new")
		return
	}
	if err := os.MkdirAll(dir.Skills(), 0o700); err != nil {
		fail(pr, log, fmt.Errorf("prepare memory dir: %w", err))
		return
	}
	// A spent day skips before the lock; only the LLM path reads the ledger.
	var budget usage.Budget
	var reset time.Time
	if deps.Extractor.Name() == (&LLM{}).Name() {
		b, r, ok, err := cfg.Budget.left(cfg.Now)
		reset = r
		if err != nil {
			fail(pr, log, err)
			return
		}
		if !ok {
			pr.Status, pr.Until = StatusBudget, rfc3339(reset)
			log.Warn().Str("until", pr.Until).Msg("skipped: budget (the day's token or cost budget is spent)")
			return
		}
		budget = b
	}
	// Step 5: lock.
	lk, err := lockfile.Acquire(ctx, dir.Lock(), lockfile.Options{Now: clock(cfg), Stale: cfg.LockStale, Log: log})
	var held *lockfile.HeldError
	if errors.As(err, &held) || errors.Is(err, lockfile.ErrHeld) {
		pr.Status = StatusLocked
		log.Info().Err(err).Msg("skipped: another run holds the lock")
		return
	}
	if err != nil {
		fail(pr, log, fmt.Errorf("lock: %w", err))
		return
	}
	defer func() {
		if err := lk.Release(); err != nil {
			log.Warn().Err(err).Msg("release lock")
		}
	}()
	runCtx, cancel := lk.Context(ctx)
	defer cancel()
	// Re-read the state under the lock: another run may have just finished.
	st, err = state.Load(dir.State(), state.LoadOptions{Now: clock(cfg), Log: log})
	if err != nil {
		fail(pr, log, fmt.Errorf("read state: %w", err))
		return
	}
	// Step 6: throttle and backoff.
	if !cfg.Force {
		if skip, reason, until := st.Throttle(cfg.Now, cfg.Interval, deps.Extractor.Name()); skip {
			pr.Status = reason
			pr.Until = rfc3339(until)
			log.Info().Str("until", pr.Until).Msgf("skipped: %s", reason)
			return
		}
	}
	// Step 7: index, with the history as of now.
	lines := index.Build(t.Entries, history{st}, cfg.IndexSize, cfg.MaxNew)
	pr.Index = pr.Index[:0]
	for _, l := range lines {
		pr.Index = append(pr.Index, redactText(l.Text))
	}
	offered := index.NewSessions(lines)
	if len(offered) == 0 {
		pr.Status = StatusNothingNew
		return
	}
	var eligible = t.Entries[:0:0]
	for _, e := range t.Entries {
		if e.Eligible {
			eligible = append(eligible, e)
		}
	}
	job := &Job{
		Project: t.Project, Dir: dir, Lines: lines, Offered: offered, Eligible: eligible,
		Redact: redactText, Fence: lk.Check, Now: cfg.Now, Log: log, Budget: budget,
	}
	// Step 8: extract.
	before := snapshot(dir)
	start := time.Now()
	out := deps.Extractor.Extract(runCtx, job)
	if out.Err == nil && runCtx.Err() != nil && ctx.Err() != nil {
		out.Err = ctx.Err()
	}
	// A holder that lost its lock writes nothing more.
	if err := lk.Check(); err != nil {
		fail(pr, log, fmt.Errorf("lock lost during extraction, nothing recorded: %w", err))
		return
	}
	// Step 9: redact and validate every candidate; quarantine the invalid.
	// This runs even after SIGTERM (bounded), so what the extractor wrote is
	// never kept unredacted or unvalidated.
	postCtx, postCancel := context.WithTimeout(context.WithoutCancel(ctx), postTimeout)
	defer postCancel()
	post := postprocess(postCtx, cfg, red, dir, before, log)
	pr.Candidates = &post.Candidates
	// Steps 10–11: record the run with per-session verdicts.
	run := makeRun(cfg, deps.Extractor.Name(), offered, out, post, time.Since(start))
	st.Record(run)
	if err := st.SaveFenced(dir.State(), lk.Check); err != nil {
		fail(pr, log, fmt.Errorf("record run: %w", err))
		return
	}
	pr.Usage = usageReport(out)
	if err := cfg.Budget.record(ctx, cfg, t, out); err != nil {
		fail(pr, log, err)
		return
	}
	if out.Err != nil {
		fail(pr, log, fmt.Errorf("extraction (%s): %w", out.TerminateReason, out.Err))
		return
	}
	pr.Status = StatusDone
	if out.TerminateReason == string(agent.Budget) && out.Turns == 0 {
		// Not even one request fitted: nothing was done, say so.
		pr.Status, pr.Until = StatusBudget, rfc3339(reset)
		if !out.BackoffUntil.IsZero() {
			pr.Until = rfc3339(out.BackoffUntil)
		}
	}
	c := post.Candidates
	logSpend(log.Info(), out).Str("extractor", deps.Extractor.Name()).Str("terminate", out.TerminateReason).
		Int("offered", len(offered)).Int("read", len(out.Read)).
		Int("memory", c.Memory).Int("skills", c.Skills).Int("skillUpdates", c.SkillUpdates).Int("rejected", c.Rejected).
		Msg("extraction done")
}

func fail(pr *ProjectReport, log zerolog.Logger, err error) {
	pr.Status = StatusFailed
	pr.Error = err.Error()
	log.Error().Err(err).Msg("extraction failed")
}

// clock is the wall clock for lock ages and file names; --now only
// replaces the reference time of idle checks and run records.
func clock(Config) func() time.Time {
	return time.Now
}

// history adapts the state file to the index builder.
type history struct{ st *state.State }

func (h history) Status(id string, lu time.Time) index.Status {
	s := h.st.Status(id, lu)
	return index.Status{New: s.New, Exhausted: s.Exhausted, Offers: s.Offers}
}

func makeRun(cfg Config, extractor string, offered []scan.Entry, out Outcome, post postResult, d time.Duration) state.Run {
	read, failed := map[string]bool{}, map[string]bool{}
	for _, id := range out.Read {
		read[id] = true
	}
	for _, id := range out.Failed {
		failed[id] = true
	}
	run := state.Run{
		RunAt: state.FormatTime(cfg.Now), TurnCount: float64(out.Turns), DurationMs: float64(d.Milliseconds()),
		TerminateReason: out.TerminateReason, Extractor: extractor, Model: out.Model,
		MemoryCandidatesCreated: post.MemoryFiles, MemoryFilesUpdated: []string{}, SkillsCreated: post.SkillsCreated,
		SessionIDs: []string{}, CandidateSessions: []state.SessionVersion{}, ProcessedSessions: []state.SessionVersion{},
		BytesSent: out.BytesSent, CandidatesCreated: post.Candidates.Memory + post.Candidates.Skills + post.Candidates.SkillUpdates,
		CandidatesRejected: post.Candidates.Rejected,
	}
	if t := out.Tokens; t.Total() > 0 {
		run.Usage = &state.Usage{PromptTokens: int(t.In), CompletionTokens: int(t.Out), TotalTokens: int(t.Total()),
			CachedTokens: int(t.Cached), Estimated: t.Estimated}
		run.Cost = out.Cost
	}
	if !out.BackoffUntil.IsZero() {
		run.BackoffUntil = rfc3339(out.BackoffUntil)
	}
	// A budget stop offers only what it read: the sessions it never got to
	// stay new, and are not one offer closer to being given up.
	budget := out.TerminateReason == string(agent.Budget)
	if out.Err != nil {
		run.Status = state.StatusFailed
		run.Error = out.Err.Error()
	}
	for _, e := range offered {
		v := state.NewVersion(e.ID, e.LastUpdated)
		if budget && !read[e.ID] && !failed[e.ID] {
			run.Verdicts = append(run.Verdicts, state.SessionVerdict{SessionID: v.SessionID, LastUpdated: v.LastUpdated, Verdict: state.VerdictSkipped, Reason: "budget"})
			continue
		}
		run.CandidateSessions = append(run.CandidateSessions, v)
		verdict := state.VerdictSkipped
		switch {
		case read[e.ID]:
			verdict = state.VerdictRead
			run.ProcessedSessions = append(run.ProcessedSessions, v)
			run.SessionIDs = append(run.SessionIDs, e.ID)
		case out.Err != nil || failed[e.ID]:
			verdict = state.VerdictFailed
		}
		run.Verdicts = append(run.Verdicts, state.SessionVerdict{SessionID: v.SessionID, LastUpdated: v.LastUpdated, Verdict: verdict})
	}
	return run
}
