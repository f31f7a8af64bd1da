package upkeep

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/textkey"
)

// superseded replaces a line when a session newer than every restatement
// of it states a different value for the same subject (offline.Supersedes,
// the extractor's "newest value wins"). The reason names the newer session
// and, when one is known, the one the old value came from.
func superseded(m *memory, h *history, ev *evidence.Store) []Proposal {
	var out []Proposal
	have := map[string]bool{}
	m.each(func(_ *file, _ int, text string) { have[textkey.Normalize(text)] = true })
	// Only statements sharing a fact term with a line can restate or
	// supersede it: an index of them keeps a large memory cheap.
	byTerm := map[string][]int{}
	for k, st := range h.stmts {
		for _, t := range offline.FactTerms(st.Line) {
			byTerm[t] = append(byTerm[t], k)
		}
	}
	m.each(func(f *file, n int, text string) {
		seen := map[int]bool{}
		var cands []int
		for _, t := range offline.FactTerms(text) {
			for _, k := range byTerm[t] {
				if !seen[k] {
					seen[k] = true
					cands = append(cands, k)
				}
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(cands)))
		newer := -1
		for _, k := range cands {
			s := h.stmts[k].Line
			if offline.SameFact(s, text) {
				break // restated: the line is current
			}
			if offline.Supersedes(s, text) && !have[textkey.Normalize(s)] {
				newer = k
				break
			}
		}
		if newer < 0 {
			return
		}
		ns := h.stmts[newer]
		p := Proposal{Action: ActionReplace, Path: f.path, Line: text, LineNo: n, With: marker(text) + ns.Line}
		for _, k := range cands {
			if old := h.stmts[k]; k < newer && old.session != ns.session && offline.SameFact(old.Line, text) {
				p.Proofs = append(p.Proofs, h.proof(old.session, old.MessageID, old.Quote))
				break
			}
		}
		if len(p.Proofs) == 0 {
			if items := ev.For(text); len(items) > 0 {
				it := items[0]
				p.Proofs = append(p.Proofs, Proof{SessionID: it.SessionID, MessageID: it.MessageID, Quote: it.Quote, At: parseTime(it.At)})
			}
		}
		p.Proofs = append(p.Proofs, h.proof(ns.session, ns.MessageID, ns.Quote))
		p.Why = fmt.Sprintf("superseded by session %s (%s): %q", h.sessions[ns.session].ID, day(h.sessions[ns.session].At), ns.Quote)
		if len(p.Proofs) == 2 {
			p.Why += fmt.Sprintf("; the old value is from session %s (%s)", p.Proofs[0].SessionID, day(p.Proofs[0].At))
		}
		out = append(out, p)
	})
	return out
}

// markerRe is a list marker a line opens with ("- ", "* ", "1. ").
var markerRe = regexp.MustCompile(`^\s*(?:[-*+]|\d+\.)\s+`)

// marker is the list marker of line, so a replacement keeps the list's look.
func marker(line string) string { return markerRe.FindString(line) }
