package state

import (
	"sort"
	"time"
)

// Backoff after failed runs: BackoffBase doubled per consecutive failure,
// capped at BackoffCap. A successful run (ours or Gemini's) resets it.
const (
	BackoffBase = 30 * time.Minute
	BackoffCap  = 24 * time.Hour
)

// Throttle reasons.
const (
	ReasonThrottled = "throttled"
	ReasonBackoff   = "backoff"
)

// Record appends a run. It fills what Gemini needs and the caller may have
// left out: runAt (now), our tool mark and status, empty lists instead of
// nil, memoryFilesUpdated always empty (nothing is applied without review),
// processedSessions including every session with a read verdict, and
// sessionIds equal to the processed ids (Gemini's legacy rule reads
// sessionIds as "processed"). It then compacts the history.
func (s *State) Record(run Run) {
	if run.RunAt == "" {
		run.RunAt = FormatTime(s.now())
	}
	run.Tool = Tool
	if run.Status == "" {
		run.Status = StatusDone
	}
	seen := map[vkey]bool{}
	var processed []SessionVersion
	add := func(v SessionVersion) {
		k := vkey{v.SessionID, parseMs(v.LastUpdated)}
		if !seen[k] {
			seen[k] = true
			processed = append(processed, v)
		}
	}
	for _, p := range run.ProcessedSessions {
		add(p)
	}
	for _, v := range run.Verdicts {
		if v.Verdict == VerdictRead {
			add(SessionVersion{v.SessionID, v.LastUpdated})
		}
	}
	run.ProcessedSessions = processed
	run.SessionIDs = nil
	ids := map[string]bool{}
	for _, p := range processed {
		if !ids[p.SessionID] {
			ids[p.SessionID] = true
			run.SessionIDs = append(run.SessionIDs, p.SessionID)
		}
	}
	if run.SessionIDs == nil {
		run.SessionIDs = []string{}
	}
	if run.CandidateSessions == nil {
		run.CandidateSessions = []SessionVersion{}
	}
	if run.MemoryCandidatesCreated == nil {
		run.MemoryCandidatesCreated = []string{}
	}
	if run.SkillsCreated == nil {
		run.SkillsCreated = []string{}
	}
	run.MemoryFilesUpdated = []string{}
	run.hasRunAt, run.hasSkills = true, true
	run.absent, run.opaque = nil, nil
	s.Runs = append(s.Runs, run)
	s.agg = nil
	s.compact()
}

// lastRuns returns the last Gemini-valid run and the number of trailing
// consecutive failed runs of ours. Aborted runs are passed over: they
// neither throttle nor break or extend a failure streak. With an extractor
// named, the streak counts that extractor's failures only: another
// extractor's runs neither reset it nor add to it, so failed LLM runs (an
// endpoint down, a bad key) do not hold back `--extractor offline`.
func (s *State) lastRuns(extractor string) (last *Run, failures int, lastFailed *Run) {
	for i := len(s.Runs) - 1; i >= 0; i-- {
		r := &s.Runs[i]
		if !r.geminiValid() || r.aborted() {
			continue
		}
		if last == nil {
			last = r
		}
		if r.synthetic() || (extractor != "" && r.ours() && r.Extractor != "" && r.Extractor != extractor) {
			continue
		}
		if !r.failed() {
			break
		}
		failures++
		if lastFailed == nil {
			lastFailed = r
		}
	}
	return last, failures, lastFailed
}

// Backoff is the wait after n consecutive failures.
func Backoff(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	d := BackoffBase
	for i := 1; i < n; i++ {
		d *= 2
		if d >= BackoffCap {
			return BackoffCap
		}
	}
	return d
}

// Throttle says whether a run now must be skipped: the last run (Gemini's
// throttle, from its runAt) is less than interval ago, or the backoff after
// our consecutive failed runs is not over. until is when the later of the
// two ends. --force is the caller's: it simply does not call Throttle. The
// backoff is the given extractor's ("" counts every failure; see lastRuns).
//
// A runAt more than futureSlack ahead of now can only come from a clock
// that was wrong or was stepped back; it is ignored with a warning rather
// than blocking extraction until the clock catches up.
func (s *State) Throttle(now time.Time, interval time.Duration, extractor string) (skip bool, reason string, until time.Time) {
	last, failures, lastFailed := s.lastRuns(extractor)
	runAt := func(r *Run) (time.Time, bool) {
		t, err := time.Parse(time.RFC3339Nano, r.RunAt)
		if err != nil {
			return time.Time{}, false
		}
		if t.After(now.Add(futureSlack)) {
			s.log.Warn().Str("runAt", r.RunAt).Msg("last run is in the future; clock skew? not throttling on it")
			return time.Time{}, false
		}
		return t, true
	}
	if last != nil {
		if t, ok := runAt(last); ok {
			if u := t.Add(interval); now.Before(u) {
				skip, reason, until = true, ReasonThrottled, u
			}
		}
	}
	if lastFailed != nil {
		if t, ok := runAt(lastFailed); ok {
			if u := t.Add(Backoff(failures)); now.Before(u) && !u.Before(until) {
				skip, reason, until = true, ReasonBackoff, u
			}
		}
	}
	if u, ok := s.quotaBackoff(now, extractor); ok && !u.Before(until) {
		skip, reason, until = true, ReasonBackoff, u
	}
	return skip, reason, until
}

// quotaBackoff is the backoffUntil of our last run (of the given
// extractor, when one is named; aborted runs passed over), when it is still
// ahead of now (and not absurdly far: a day at most past the run).
func (s *State) quotaBackoff(now time.Time, extractor string) (time.Time, bool) {
	for i := len(s.Runs) - 1; i >= 0; i-- {
		r := &s.Runs[i]
		if !r.ours() || r.synthetic() || r.aborted() || (extractor != "" && r.Extractor != "" && r.Extractor != extractor) {
			continue
		}
		if r.BackoffUntil == "" {
			return time.Time{}, false
		}
		u, err := time.Parse(time.RFC3339Nano, r.BackoffUntil)
		if err != nil || !now.Before(u) || u.After(now.Add(BackoffCap+futureSlack)) {
			return time.Time{}, false
		}
		return u, true
	}
	return time.Time{}, false
}

// futureSlack tolerates small clock differences between writers.
const futureSlack = 5 * time.Minute

// LastRun returns the run Gemini's throttle looks at (the last valid one).
func (s *State) LastRun() (Run, bool) {
	last, _, _ := s.lastRuns("")
	if last == nil {
		return Run{}, false
	}
	return *last, true
}

// ConsecutiveFailures counts our failed runs since the last good one.
func (s *State) ConsecutiveFailures() int {
	_, n, _ := s.lastRuns("")
	return n
}

// compact keeps the newest MaxRuns runs (synthetic ones aside), folds the
// dropped ones into the book, and regenerates the synthetic runs that carry
// the book for Gemini CLI.
func (s *State) compact() {
	max := s.MaxRuns
	if max <= 0 {
		max = DefaultMaxRuns
	}
	var live []Run
	for _, r := range s.Runs {
		if !r.synthetic() {
			live = append(live, r)
		}
	}
	if len(live) <= max {
		return
	}
	drop := live[:len(live)-max]
	kept := live[len(live)-max:]
	for i := range drop {
		s.fold(&drop[i])
	}
	s.Runs = append(s.syntheticRuns(), kept...)
	s.agg = nil
}

// fold adds one dropped run to the book, with the same rules as addRun.
func (s *State) fold(r *Run) {
	s.book.CompactedRuns++
	if !r.geminiValid() {
		return
	}
	b := &s.book
	b.Version = 1
	if parseMs(r.RunAt) >= parseMs(b.LastRunAt) {
		b.LastRunAt = r.RunAt
	}
	rec := func(v SessionVersion) *versionRecord {
		if b.Sessions == nil {
			b.Sessions = map[string][]versionRecord{}
		}
		recs := b.Sessions[v.SessionID]
		ms := parseMs(v.LastUpdated)
		for i := range recs {
			if parseMs(recs[i].LastUpdated) == ms {
				return &b.Sessions[v.SessionID][i]
			}
		}
		b.Sessions[v.SessionID] = append(recs, versionRecord{LastUpdated: v.LastUpdated})
		return &b.Sessions[v.SessionID][len(recs)]
	}
	appendLegacy := func(m *map[string][]string, id string) {
		if *m == nil {
			*m = map[string][]string{}
		}
		(*m)[id] = append((*m)[id], r.RunAt)
	}
	if len(r.CandidateSessions) > 0 {
		if !r.failed() && !r.aborted() {
			for _, c := range r.CandidateSessions {
				rec(c).Offers++
			}
		}
	} else {
		for _, id := range r.SessionIDs {
			appendLegacy(&b.LegacyAttempts, id)
		}
	}
	if len(r.ProcessedSessions) > 0 {
		for _, p := range r.ProcessedSessions {
			rec(p).Read = true
		}
	} else {
		for _, id := range r.SessionIDs {
			appendLegacy(&b.LegacyProcessed, id)
		}
	}
	for _, v := range r.Verdicts {
		x := rec(SessionVersion{v.SessionID, v.LastUpdated})
		x.Verdict = v.Verdict
		if v.Verdict == VerdictRead {
			x.Read = true
		}
	}
}

// syntheticRuns renders the book as runs Gemini CLI understands, placed
// before the live runs (so they never drive the throttle): one legacy-shaped
// run per distinct runAt of folded legacy runs, and one run listing every
// folded version as candidate and every read one as processed. Our own
// Status ignores them (it reads the book); if Gemini rewrites the file and
// drops both our marks and the book, they become ordinary runs and still
// keep every processed session processed.
func (s *State) syntheticRuns() []Run {
	var out []Run
	byRunAt := map[string][]string{}
	for id, ts := range s.book.LegacyProcessed {
		for _, t := range ts {
			byRunAt[t] = append(byRunAt[t], id)
		}
	}
	runAts := make([]string, 0, len(byRunAt))
	for t := range byRunAt {
		runAts = append(runAts, t)
	}
	sort.Slice(runAts, func(i, j int) bool { return parseMs(runAts[i]) < parseMs(runAts[j]) })
	for _, t := range runAts {
		ids := uniqueSorted(byRunAt[t])
		out = append(out, syntheticRun(t, ids, nil, nil))
	}
	var cands, processed []SessionVersion
	ids := make([]string, 0, len(s.book.Sessions))
	for id := range s.book.Sessions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var pids []string
	for _, id := range ids {
		read := false
		for _, rec := range s.book.Sessions[id] {
			v := SessionVersion{id, rec.LastUpdated}
			if rec.Offers > 0 {
				cands = append(cands, v)
			}
			if rec.Read {
				processed = append(processed, v)
				read = true
			}
		}
		if read {
			pids = append(pids, id)
		}
	}
	if len(cands) > 0 || len(processed) > 0 {
		out = append(out, syntheticRun(s.book.LastRunAt, pids, cands, processed))
	}
	return out
}

func syntheticRun(runAt string, ids []string, cands, processed []SessionVersion) Run {
	if ids == nil {
		ids = []string{}
	}
	r := Run{
		RunAt: runAt, SessionIDs: ids, CandidateSessions: cands, ProcessedSessions: processed,
		MemoryCandidatesCreated: []string{}, MemoryFilesUpdated: []string{}, SkillsCreated: []string{},
		TerminateReason: "COMPACTED", Tool: Tool, Status: StatusCompacted,
		hasRunAt: true, hasSkills: true,
	}
	return r
}

func uniqueSorted(in []string) []string {
	sort.Strings(in)
	out := in[:0]
	for i, v := range in {
		if i == 0 || v != in[i-1] {
			out = append(out, v)
		}
	}
	return out
}
