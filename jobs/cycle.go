package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/state"
	"github.com/automem/automem/internal/usage"
)

// postTimeout bounds validation after an extraction, which runs even when
// the run was cancelled.
const postTimeout = time.Minute

// project is one project's pass through the cycle: the inputs and results
// its stages share.
type project struct {
	cfg  Config
	deps Deps
	red  redactor
	t    Target
	dir  memdir.Dir
	log  zerolog.Logger
	pr   ProjectReport
	// redact cleans every text that leaves the process or is written.
	redact func(string) string
	// st is the state as last read (nil when it could not be read) and
	// stErr why not; lines and offered are the index built from it.
	st      *state.State
	stErr   error
	lines   []index.Line
	offered []scan.Entry
	// budget is what the LLM extractor may spend and reset when the day's
	// budget renews.
	budget usage.Budget
	reset  time.Time
}

// skip ends a project's cycle without a failure: status goes in the report,
// msg and the cause, if any, in the log (as a warning when warn is set).
type skip struct {
	status, msg string
	cause       error
	warn        bool
}

func (s skip) Error() string { return s.msg }

// plan is the first phase of the cycle for one project, shared by dry and
// real runs and taken without the lock: read the state once, build the
// index once, and fill the report from them.
func plan(ctx context.Context, cfg Config, deps Deps, red redactor, t Target) *project {
	p := &project{cfg: cfg, deps: deps, red: red, t: t, dir: t.Dir,
		log:    cfg.Log.With().Str("project", t.Project.ID).Str("source", t.Source).Logger(),
		redact: red.text(ctx)}
	h := index.History(index.AllNew{})
	if t.Dir.Data != "" {
		if p.loadState(state.LoadOptions{ReadOnly: true}); p.stErr == nil {
			h = history{p.st}
		} else {
			p.log.Warn().Err(p.stErr).Str("memoryDir", p.dir.Data).Msg("state unreadable; every session counts as new")
		}
	}
	p.buildIndex(h)
	p.pr = projectReport(t, h, p.lines, p.redact)
	return p
}

// dryRun ends the cycle after the plan, estimating the model's spend and
// counting redactions when asked.
func (p *project) dryRun(ctx context.Context) {
	p.pr.Status = StatusDryRun
	p.pr.Would = p.would()
	p.pr.UpkeepDue = p.pr.Would != StatusLocked && p.pr.Would != StatusFailed && p.upkeepDue()
	if p.cfg.Budget.Model != "" && p.t.Dir.Data != "" && len(p.offered) > 0 {
		p.pr.Estimate = estimate(p.cfg, p.t, p.lines, p.redact)
	}
	if !p.cfg.ShowRedactions {
		return
	}
	for i := range p.pr.Sessions {
		if p.pr.Sessions[i].Eligible {
			p.pr.Sessions[i].Redactions = p.red.count(ctx, p.t.Entries[i])
		}
	}
}

// would is the status a real run would reach now: the checks of the real
// stages up to the extractor, taken read-only — the lock is only looked
// at, nothing is created or written.
func (p *project) would() string {
	for _, check := range []func() error{p.needed, p.spendable, p.lockHeld, p.throttle} {
		err := check()
		var s skip
		switch {
		case err == nil:
			continue
		case errors.As(err, &s):
			return s.status
		default:
			p.pr.Error = err.Error()
			return StatusFailed
		}
	}
	return WouldRun
}

// lockHeld is the dry run's lock stage: who holds the lock, if anyone
// live does, without taking, breaking or touching it.
func (p *project) lockHeld() error {
	h, err := lockfile.Holder(p.dir.Lock(), lockfile.Options{Now: p.cfg.clock(), Stale: p.cfg.LockStale, Log: p.log})
	if err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	if h != nil {
		p.pr.Lock = lockHolder(h)
		return skip{status: StatusLocked, msg: "skipped: another run holds the lock", cause: h}
	}
	return nil
}

func lockHolder(h *lockfile.HeldError) *LockHolder {
	return &LockHolder{PID: h.PID, Host: h.Host, Since: rfc3339(h.Since)}
}

// extractorName is the extractor a run uses ("" when none was resolved,
// as in a dry run without a usable key).
func (p *project) extractorName() string {
	if p.deps.Extractor == nil {
		return ""
	}
	return p.deps.Extractor.Name()
}

// extract runs the rest of the cycle for one project (DESIGN §3 steps
// 4–11) and sets its status: each stage hands on, or ends the project with
// a skip or a failure.
func (p *project) extract(ctx context.Context) {
	err := p.stages(ctx)
	var s skip
	switch {
	case err == nil:
	case ctx.Err() != nil:
		// A signal ended the project's cycle: not a failure (the run, if
		// one started, is recorded as aborted).
		p.pr.Status = StatusAborted
		p.log.Warn().Err(err).Msg("interrupted: the run was recorded as aborted; no backoff")
	case errors.As(err, &s):
		p.pr.Status = s.status
		ev := p.log.Info()
		if s.warn {
			ev = p.log.Warn()
		}
		ev = ev.Err(s.cause)
		if p.pr.Until != "" {
			ev = ev.Str("until", p.pr.Until)
		}
		ev.Msg(s.msg)
	default:
		p.pr.Status = StatusFailed
		p.pr.Error = err.Error()
		p.log.Error().Err(err).Msg("extraction failed")
	}
}

// stages is the cycle of one project under the lock, as a list of calls;
// the first stage that returns an error ends it.
func (p *project) stages(ctx context.Context) error {
	if err := p.needed(); err != nil {
		return p.upkeepOnly(ctx, err, nil)
	}
	if err := p.prepare(); err != nil {
		return err
	}
	if err := p.spendable(); err != nil {
		return p.upkeepOnly(ctx, err, nil)
	}
	lk, err := p.lock(ctx)
	if err != nil {
		return err
	}
	defer p.unlock(lk)
	if err := p.reload(); err != nil {
		return err
	}
	if err := p.throttle(); err != nil {
		return p.upkeepOnly(ctx, err, lk)
	}
	if err := p.reindex(); err != nil {
		return err
	}
	run, err := p.runExtractor(ctx, lk)
	if err != nil {
		return err
	}
	p.validate(ctx, &run)
	p.upkeep(ctx, lk)
	if run.out.Err == nil && !run.aborted {
		p.mirror(ctx)
	}
	return p.record(lk, run)
}

// needed is step 4: without a memory dir, a readable state and a NEW
// session, no lock is taken and nothing is written.
func (p *project) needed() error {
	switch {
	case p.t.Dir.Data == "":
		return skip{status: StatusNoMemory, msg: "no memory target for this project (" + noMemoryWhy(p.t) + "): nothing to write into"}
	case p.stErr != nil:
		return fmt.Errorf("read state: %w", p.stErr)
	case len(p.offered) == 0:
		return skip{status: StatusNothingNew, msg: "nothing new"}
	}
	return nil
}

// spendable skips a project before the lock when the run's or the day's
// token or cost budget is spent; only the LLM extractor reads the ledger.
func (p *project) spendable() error {
	if p.extractorName() != (&LLM{}).Name() {
		return nil
	}
	bud := p.cfg.Budget
	bud.claim = claimKey(p.t)
	b, reset, ok, err := bud.left(p.cfg.Now)
	p.reset = reset
	if err != nil {
		return err
	}
	if !ok {
		p.pr.Until = rfc3339(reset)
		return skip{status: StatusBudget, msg: "skipped: budget (this run's or the day's token or cost budget is spent)", warn: true}
	}
	p.budget = b
	return nil
}

// lock is step 5: take the project's extraction lock, or skip the project
// when another run holds it.
func (p *project) lock(ctx context.Context) (*lockfile.Lock, error) {
	lk, err := lockfile.Acquire(ctx, p.dir.Lock(), lockfile.Options{Now: p.cfg.clock(), Stale: p.cfg.LockStale, Log: p.log})
	var held *lockfile.HeldError
	if errors.As(err, &held) {
		p.pr.Lock = lockHolder(held)
	}
	if held != nil || errors.Is(err, lockfile.ErrHeld) {
		return nil, skip{status: StatusLocked, msg: "skipped: another run holds the lock", cause: err}
	}
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	return lk, nil
}

func (p *project) unlock(lk *lockfile.Lock) {
	if err := lk.Release(); err != nil {
		p.log.Warn().Err(err).Msg("release lock")
	}
}

// reload reads the state again under the lock: another run may have just
// finished. This is the second and last read of the state in a run.
func (p *project) reload() error {
	if p.loadState(state.LoadOptions{}); p.stErr != nil {
		return fmt.Errorf("read state: %w", p.stErr)
	}
	return nil
}

// throttle is step 6: skip a project whose last run is too recent or whose
// backoff is not over, unless forced.
func (p *project) throttle() error {
	if p.cfg.Force {
		return nil
	}
	if stop, reason, until := p.st.Throttle(p.cfg.Now, p.cfg.Interval, p.extractorName()); stop {
		p.pr.Until = rfc3339(until)
		return skip{status: reason, msg: "skipped: " + reason + " until " + p.pr.Until + "; --force runs anyway"}
	}
	return nil
}

// reindex is step 7: the session index again, with the history as of now.
func (p *project) reindex() error {
	p.buildIndex(history{p.st})
	p.pr.Index = p.pr.Index[:0]
	for _, l := range p.lines {
		p.pr.Index = append(p.pr.Index, p.redact(l.Text))
	}
	if len(p.offered) == 0 {
		return skip{status: StatusNothingNew, msg: "nothing new"}
	}
	return nil
}

// extraction is what one extractor run produced, as it is recorded.
type extraction struct {
	out    Outcome
	before files // the inbox before the extractor ran
	took   time.Duration
	post   postResult
	// ledgerErr is a failure to account the spend in the usage ledger.
	ledgerErr error
	// aborted: a signal (Ctrl-C, a stop) ended the run.
	aborted bool
}

// runExtractor is step 8: hand the job to the extractor under the lock. A
// holder that lost its lock writes nothing more.
func (p *project) runExtractor(ctx context.Context, lk *lockfile.Lock) (extraction, error) {
	var eligible = p.t.Entries[:0:0]
	for _, e := range p.t.Entries {
		if e.Eligible {
			eligible = append(eligible, e)
		}
	}
	job := &Job{
		Project: p.t.Project, Dir: p.dir, Lines: p.lines, Offered: p.offered, Eligible: eligible,
		Redact: p.redact, Fence: lk.Check, Now: p.cfg.Now, Log: p.log, Budget: p.budget,
	}
	runCtx, cancel := lk.Context(ctx)
	defer cancel()
	clock := p.cfg.clock()
	// Pending candidates follow the files as they are now.
	rebasePending(p.cfg, p.dir, p.log)
	x := extraction{before: snapshot(p.dir)}
	start := clock()
	x.out = p.deps.Extractor.Extract(runCtx, job)
	x.took = clock().Sub(start)
	if x.out.Err == nil && runCtx.Err() != nil && ctx.Err() != nil {
		x.out.Err = ctx.Err()
	}
	// What the model was paid for goes into the ledger whatever happens
	// next (the ledger is automem's, not under the project lock).
	p.pr.Usage = usageReport(x.out)
	x.ledgerErr = p.cfg.Budget.record(ctx, p.cfg, p.t, x.out, p.budget.Shared != nil)
	x.aborted = ctx.Err() != nil
	if err := lk.Check(); err != nil {
		return x, fmt.Errorf("lock lost during extraction, nothing recorded: %w", err)
	}
	return x, nil
}

// validate is step 9: redact and validate every candidate and quarantine
// the invalid. It runs even after SIGTERM (bounded), so what the extractor
// wrote is never kept unredacted or unvalidated.
func (p *project) validate(ctx context.Context, x *extraction) {
	postCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), postTimeout)
	defer cancel()
	x.post = postprocess(postCtx, p.cfg, p.red, p.dir, x.before, p.log)
	stampDrafts(p.dir, x.post.SkillsCreated, draftAgents(p.cfg, p.t), p.dir.Agent, p.log)
	p.pr.Candidates = &x.post.Candidates
}

// record is steps 10–11: save the run with its per-session verdicts, fenced
// by the lock, account its spend, and report it.
func (p *project) record(lk *lockfile.Lock, x extraction) error {
	p.st.Record(makeRun(p.cfg, p.deps.Extractor.Name(), p.offered, x, x.post))
	if err := p.st.SaveFenced(p.dir.State(), lk.Check); err != nil {
		return fmt.Errorf("record run: %w", err)
	}
	if x.ledgerErr != nil {
		return x.ledgerErr
	}
	if x.out.Err != nil {
		return fmt.Errorf("extraction (%s): %w", x.out.TerminateReason, x.out.Err)
	}
	p.pr.Status = StatusDone
	if x.out.TerminateReason == string(agent.Budget) && x.out.Turns == 0 {
		// Not even one request fitted: nothing was done, say so.
		p.pr.Status, p.pr.Until = StatusBudget, rfc3339(p.reset)
		if !x.out.BackoffUntil.IsZero() {
			p.pr.Until = rfc3339(x.out.BackoffUntil)
		}
	}
	c := x.post.Candidates
	logSpend(p.log.Info(), x.out).Str("extractor", p.deps.Extractor.Name()).Str("terminate", x.out.TerminateReason).
		Int("offered", len(p.offered)).Int("read", len(x.out.Read)).
		Int("memory", c.Memory).Int("skills", c.Skills).Int("skillUpdates", c.SkillUpdates).Int("rejected", c.Rejected).
		Msg("extraction done")
	return nil
}

// loadState reads the project's state with opts (clock and log filled in).
func (p *project) loadState(opts state.LoadOptions) {
	opts.Now, opts.Log = p.cfg.clock(), p.log
	p.st, p.stErr = state.Load(p.dir.State(), opts)
}

// buildIndex builds the session index and the NEW sessions it offers.
func (p *project) buildIndex(h index.History) {
	p.lines = index.Build(p.t.Entries, h, p.cfg.IndexSize, p.cfg.MaxNew)
	p.offered = index.NewSessions(p.lines)
}

// history adapts the state file to the index builder.
type history struct{ st *state.State }

func (h history) Status(id string, lu time.Time) index.Status {
	s := h.st.Status(id, lu)
	return index.Status{New: s.New, Exhausted: s.Exhausted, Offers: s.Offers}
}

func makeRun(cfg Config, extractor string, offered []scan.Entry, x extraction, post postResult) state.Run {
	out, d := x.out, x.took
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
	switch {
	case x.aborted:
		// Stopped by a signal: no failure, no backoff; what was read stays
		// read, the rest was never looked at.
		run.Status = state.StatusAborted
		run.TerminateReason = string(agent.Aborted)
	case out.Err != nil:
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
		case read[e.ID] && post.Lost:
			// Its candidates were not written: offer it again.
		case read[e.ID]:
			verdict = state.VerdictRead
			run.ProcessedSessions = append(run.ProcessedSessions, v)
			run.SessionIDs = append(run.SessionIDs, e.ID)
		case failed[e.ID] || (out.Err != nil && !x.aborted):
			verdict = state.VerdictFailed
		}
		run.Verdicts = append(run.Verdicts, state.SessionVerdict{SessionID: v.SessionID, LastUpdated: v.LastUpdated, Verdict: verdict})
	}
	return run
}
