package offline

import (
	"sort"

	"github.com/automem/automem/internal/textkey"
)

// Candidate kinds.
const (
	KindInstruction  = "instruction"
	KindCorrection   = "correction"
	KindVerification = "verification"
	KindSkill        = "skill"
)

// candidate is one proposed memory line (or skill) and what supports it.
type candidate struct {
	kind   string
	line   string
	global bool
	cmds   []string // verification: the commands the line lists
	srcs   []source
	skill  *skillDraft
}

// before orders two sources in conversation time.
func before(a, b source) bool {
	if !a.at.Equal(b.at) {
		return a.at.Before(b.at)
	}
	if a.session != b.session {
		return a.session < b.session
	}
	return a.seq < b.seq
}

// instructionCandidates applies reversals, groups statements of the same
// fact, and keeps the groups that are durable: stated in at least two
// sessions, or once with a lasting marker. At least one supporting statement
// must come from a NEW session, so old sessions only ever confirm.
func instructionCandidates(stmts []stmt, revs []reversal, isNew func(int) bool) []candidate {
	sort.SliceStable(stmts, func(i, j int) bool { return before(stmts[i].src, stmts[j].src) })
	alive := make([]bool, len(stmts))
	for i := range alive {
		alive[i] = true
	}
	for _, r := range revs {
		if len(r.subject) == 0 {
			// "never mind": drop the statements of the previous human
			// message in the same session.
			last := -1
			for i, s := range stmts {
				if s.src.session == r.src.session && before(s.src, r.src) {
					last = s.src.seq / 1000
				}
				_ = i
			}
			for i, s := range stmts {
				if s.src.session == r.src.session && s.src.seq/1000 == last && before(s.src, r.src) {
					alive[i] = false
				}
			}
			continue
		}
		for i, s := range stmts {
			if alive[i] && before(s.src, r.src) && contained(r.subject, contentTokens(s.line)) > 0.5 {
				alive[i] = false
			}
		}
	}
	type group struct {
		members []stmt
	}
	var groups []*group
	for i, s := range stmts {
		if !alive[i] {
			continue
		}
		var g *group
		for _, cand := range groups {
			if sameFact(cand.members[0].line, s.line) {
				g = cand
				break
			}
		}
		if g == nil {
			g = &group{}
			groups = append(groups, g)
		}
		g.members = append(g.members, s)
	}
	var out []candidate
	for _, g := range groups {
		sessions := map[int]bool{}
		lasting, global, correction, fresh := false, false, false, false
		for _, m := range g.members {
			sessions[m.src.session] = true
			lasting = lasting || m.lasting
			global = global || m.global
			correction = correction || m.correction
			fresh = fresh || isNew(m.src.session)
		}
		if !fresh || (len(sessions) < 2 && !lasting) {
			continue
		}
		c := candidate{kind: KindInstruction, line: representative(g.members), global: global}
		if correction {
			c.kind = KindCorrection
		}
		for _, m := range g.members {
			c.srcs = append(c.srcs, m.src)
		}
		out = append(out, c)
	}
	return out
}

// representative picks the wording said most often; on a tie, the latest.
func representative(ms []stmt) string {
	count := map[string]int{}
	best, bestN := "", 0
	for _, m := range ms {
		k := textkey.Normalize(m.line)
		count[k]++
		if count[k] >= bestN {
			best, bestN = m.line, count[k]
		}
	}
	return best
}
