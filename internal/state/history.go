package state

import (
	"sort"
	"time"
)

// bookKey is our top-level section; Gemini ignores it (and drops it when it
// rewrites the file, which costs us only offer counts, see compact.go).
const bookKey = "automem"

// book is the compacted history: what the runs dropped by compaction said
// about each session version, so nothing processed is forgotten.
type book struct {
	Version int `json:"version,omitempty"`
	// Sessions maps a session id to its versions.
	Sessions map[string][]versionRecord `json:"sessions,omitempty"`
	// LegacyProcessed and LegacyAttempts keep, per session id, the runAt of
	// dropped legacy runs (no processedSessions / no candidateSessions),
	// which Gemini matches by id and runAt >= lastUpdated.
	LegacyProcessed map[string][]string `json:"legacyProcessed,omitempty"`
	LegacyAttempts  map[string][]string `json:"legacyAttempts,omitempty"`
	// CompactedRuns counts runs folded in; LastRunAt is the newest of them.
	CompactedRuns int    `json:"compactedRuns,omitempty"`
	LastRunAt     string `json:"lastRunAt,omitempty"`
}

// versionRecord is the folded history of one session version.
type versionRecord struct {
	LastUpdated string  `json:"lastUpdated"`
	Offers      int     `json:"offers,omitempty"`
	Read        bool    `json:"read,omitempty"`
	Verdict     Verdict `json:"verdict,omitempty"`
}

func (b *book) empty() bool {
	return len(b.Sessions) == 0 && len(b.LegacyProcessed) == 0 && len(b.LegacyAttempts) == 0 && b.CompactedRuns == 0
}

// vkey identifies a version by id and lastUpdated in milliseconds, so
// equal instants written differently still match.
type vkey struct {
	id string
	ms int64
}

type vstat struct {
	offers  int
	read    bool
	verdict Verdict
}

// aggregate indexes the book and the live runs for fast Status queries.
type aggregate struct {
	versions        map[vkey]*vstat
	legacyProcessed map[string][]int64
	legacyAttempts  map[string][]int64
}

func (a *aggregate) at(id, lastUpdated string) *vstat {
	k := vkey{id, parseMs(lastUpdated)}
	v := a.versions[k]
	if v == nil {
		v = &vstat{}
		a.versions[k] = v
	}
	return v
}

// addRun applies Gemini's rules for one run: an appearance in
// candidateSessions is an offer (attempt), processedSessions marks read;
// without those lists the legacy rule (sessionIds and runAt) applies. Our
// failed and aborted runs offer nothing: the extractor never got to look.
func (a *aggregate) addRun(r *Run) {
	runMs := parseMs(r.RunAt)
	if len(r.CandidateSessions) > 0 {
		if !r.failed() && !r.aborted() {
			for _, c := range r.CandidateSessions {
				a.at(c.SessionID, c.LastUpdated).offers++
			}
		}
	} else {
		for _, id := range r.SessionIDs {
			a.legacyAttempts[id] = append(a.legacyAttempts[id], runMs)
		}
	}
	if len(r.ProcessedSessions) > 0 {
		for _, p := range r.ProcessedSessions {
			a.at(p.SessionID, p.LastUpdated).read = true
		}
	} else {
		for _, id := range r.SessionIDs {
			a.legacyProcessed[id] = append(a.legacyProcessed[id], runMs)
		}
	}
	for _, v := range r.Verdicts {
		st := a.at(v.SessionID, v.LastUpdated)
		st.verdict = v.Verdict
		if v.Verdict == VerdictRead {
			st.read = true
		}
	}
}

func (s *State) index() *aggregate {
	if s.agg != nil {
		return s.agg
	}
	a := &aggregate{
		versions:        map[vkey]*vstat{},
		legacyProcessed: map[string][]int64{},
		legacyAttempts:  map[string][]int64{},
	}
	for id, recs := range s.book.Sessions {
		for _, rec := range recs {
			st := a.at(id, rec.LastUpdated)
			st.offers += rec.Offers
			st.read = st.read || rec.Read
			if rec.Verdict != "" {
				st.verdict = rec.Verdict
			}
		}
	}
	for id, ts := range s.book.LegacyProcessed {
		for _, t := range ts {
			a.legacyProcessed[id] = append(a.legacyProcessed[id], parseMs(t))
		}
	}
	for id, ts := range s.book.LegacyAttempts {
		for _, t := range ts {
			a.legacyAttempts[id] = append(a.legacyAttempts[id], parseMs(t))
		}
	}
	for i := range s.Runs {
		r := &s.Runs[i]
		if !r.geminiValid() || r.synthetic() {
			continue
		}
		a.addRun(r)
	}
	s.agg = a
	return a
}

// SessionStatus is what the history says about one session version. Its
// fields match index.Status, so the index builder can convert it directly.
type SessionStatus struct {
	// New: never read and not exhausted; offer it.
	New bool
	// Exhausted: offered MaxOffers times without being read; leave it out.
	Exhausted bool
	// Offers counts previous offers of this version.
	Offers int
}

// Status answers for the version (id, lastUpdated). A version is read if
// any run processed it (or, for legacy runs, listed the id in sessionIds
// with runAt >= lastUpdated), exactly as Gemini decides; a resumed session
// has a new lastUpdated and so is NEW again.
func (s *State) Status(id string, lastUpdated time.Time) SessionStatus {
	a := s.index()
	ms := lastUpdated.UnixMilli()
	st := a.versions[vkey{id, ms}]
	offers, read := 0, false
	if st != nil {
		offers, read = st.offers, st.read
	}
	for _, t := range a.legacyAttempts[id] {
		if t >= ms {
			offers++
		}
	}
	for _, t := range a.legacyProcessed[id] {
		if t >= ms {
			read = true
		}
	}
	max := s.MaxOffers
	if max <= 0 {
		max = DefaultMaxOffers
	}
	exhausted := !read && offers >= max
	return SessionStatus{New: !read && !exhausted, Exhausted: exhausted, Offers: offers}
}

// LastVerdict is the most recent verdict recorded for a version ("" if
// none), for reports.
func (s *State) LastVerdict(id string, lastUpdated time.Time) Verdict {
	if st := s.index().versions[vkey{id, lastUpdated.UnixMilli()}]; st != nil {
		return st.verdict
	}
	return ""
}

// Candidate is a session version the scanner found.
type Candidate struct {
	ID          string
	LastUpdated time.Time
}

// NewOrder returns the NEW candidates in the order they should be offered:
// fewest prior offers first, then newest. Read and exhausted ones are left
// out.
func (s *State) NewOrder(cands []Candidate) []Candidate {
	type item struct {
		c      Candidate
		offers int
	}
	var items []item
	for _, c := range cands {
		if st := s.Status(c.ID, c.LastUpdated); st.New {
			items = append(items, item{c, st.Offers})
		}
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].offers != items[j].offers {
			return items[i].offers < items[j].offers
		}
		return items[i].c.LastUpdated.After(items[j].c.LastUpdated)
	})
	out := make([]Candidate, len(items))
	for i, it := range items {
		out[i] = it.c
	}
	return out
}
