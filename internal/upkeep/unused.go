package upkeep

import (
	"fmt"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/patch"
)

// unused archives a line whose subject no session has touched within the
// decay period, when the line is older than that period (its evidence
// says when it was proposed; without any, the sessions must reach back
// that far) and the project still has recent sessions: a quiet project's
// memory is not stale, only unvisited. The global file is skipped: one
// project's sessions not mentioning a fact says nothing of the others.
func unused(m *memory, h *history, ev *evidence.Store, now time.Time, decay time.Duration) []Proposal {
	if len(h.sessions) == 0 {
		return nil
	}
	cut := now.Add(-decay)
	oldest, newest := h.sessions[0].At, h.sessions[len(h.sessions)-1].At
	if newest.Before(cut) {
		return nil
	}
	var out []Proposal
	for _, e := range entries(m) {
		if e.f.kind == patch.Global {
			continue
		}
		about := subject(e.facts)
		if len(about) == 0 {
			continue
		}
		born := oldest
		for _, it := range ev.For(e.text) {
			if t := parseTime(it.At); it.Action == "" && !t.IsZero() && (born == oldest || t.Before(born)) {
				born = t
			}
		}
		if born.IsZero() || born.After(cut) {
			continue
		}
		last := -1
		for i := len(h.sessions) - 1; i >= 0; i-- {
			if h.touches(i, about) {
				last = i
				break
			}
		}
		since := oldest
		p := Proposal{Action: ActionArchive, Path: e.f.path, Line: e.text, LineNo: e.n}
		if last >= 0 {
			if !h.sessions[last].At.Before(cut) {
				continue
			}
			since = h.sessions[last].At
			p.Proofs = []Proof{h.proof(last, "", "")}
		}
		p.Why = fmt.Sprintf("not mentioned in any session since %s", day(since))
		out = append(out, p)
	}
	return out
}

// parseTime reads an RFC3339 time; the zero time when it does not parse.
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
