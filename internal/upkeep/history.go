package upkeep

import (
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/textkey"
)

// history is the processed sessions, oldest first, with what the checks
// ask of them computed once.
type history struct {
	sessions []Session
	// stmts are every lasting statement, oldest first, with its session.
	stmts []statement
	// terms is each session's set of terms (textkey.Terms of every text).
	terms []map[string]bool
}

type statement struct {
	offline.Statement
	session int
}

func newHistory(sessions []Session) *history {
	h := &history{sessions: append([]Session(nil), sessions...)}
	sort.SliceStable(h.sessions, func(i, j int) bool { return h.sessions[i].At.Before(h.sessions[j].At) })
	h.terms = make([]map[string]bool, len(h.sessions))
	for i, s := range h.sessions {
		for _, st := range offline.Statements(s.Messages) {
			h.stmts = append(h.stmts, statement{Statement: st, session: i})
		}
		set := map[string]bool{}
		h.texts(i, func(t string) {
			for _, w := range textkey.Terms(t) {
				set[w] = true
			}
		})
		h.terms[i] = set
	}
	return h
}

// texts calls fn with every text of session i: what was said and what the
// tools were given and printed (a listing that shows a file sees it).
func (h *history) texts(i int, fn func(string)) {
	for _, m := range h.sessions[i].Messages {
		fn(m.Text)
		for _, tc := range m.ToolCalls {
			fn(string(tc.Args))
			fn(tc.Output)
		}
	}
}

// quoteOf finds name in session i and returns the message and a short
// quote around it; ok is false when the session never says it.
func (h *history) quoteOf(i int, name string) (msgID, quote string, ok bool) {
	for _, m := range h.sessions[i].Messages {
		texts := []string{m.Text}
		for _, tc := range m.ToolCalls {
			texts = append(texts, string(tc.Args), tc.Output)
		}
		for _, t := range texts {
			if k := strings.Index(t, name); k >= 0 {
				return m.ID, around(t, k, len(name)), true
			}
		}
	}
	return "", "", false
}

// around is up to 60 bytes each side of t[k:k+n], on rune boundaries.
func around(t string, k, n int) string {
	from, to := max(0, k-60), min(len(t), k+n+60)
	for from > 0 && !utf8.RuneStart(t[from]) {
		from--
	}
	for to < len(t) && !utf8.RuneStart(t[to]) {
		to++
	}
	return strings.TrimSpace(t[from:to])
}

// subject is what a line is about as terms a session's text yields: a
// code span (one term of the line) is split into its words, since
// sessions mostly say commands and paths without backticks.
func subject(facts []string) []string {
	var out []string
	for _, t := range facts {
		if strings.HasPrefix(t, "`") {
			out = append(out, textkey.Terms(strings.Trim(t, "`"))...)
			continue
		}
		out = append(out, t)
	}
	return out
}

// touches reports whether session i mentions most of terms (at least half,
// and at least one).
func (h *history) touches(i int, terms []string) bool {
	n := 0
	for _, t := range terms {
		if h.terms[i][t] {
			n++
		}
	}
	return n > 0 && 2*n >= len(terms)
}

func (h *history) proof(i int, msgID, quote string) Proof {
	s := h.sessions[i]
	return Proof{SessionID: s.ID, MessageID: msgID, Quote: quote, At: s.At}
}

// day is the date a reason shows.
func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }
