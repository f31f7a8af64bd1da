package offline

import (
	"sort"
	"strings"
)

// minVerifySessions is how many sessions must have run a check before it is
// called one of the project's verification commands.
const minVerifySessions = 3

// maxVerifyCmds bounds the commands listed on the verification line.
const maxVerifyCmds = 6

var categoryOrder = map[string]int{"format": 0, "lint": 1, "typecheck": 2, "build": 3, "test": 4}

// verificationCandidate collects the test, build, lint, typecheck and format
// commands run in at least minVerifySessions sessions into one memory line.
func verificationCandidate(sessions []mined, isNew func(int) bool) *candidate {
	type group struct {
		key      string
		category string
		sessions map[int]source
		forms    map[string]int
		full     map[string]int // the whole command as run, when it differs from the form
		first    int
	}
	groups := map[string]*group{}
	order := 0
	for idx, m := range sessions {
		for _, r := range m.checks {
			g := groups[r.cmd.key]
			if g == nil {
				order++
				g = &group{key: r.cmd.key, category: r.cmd.category, sessions: map[int]source{}, forms: map[string]int{}, full: map[string]int{}, first: order}
				groups[r.cmd.key] = g
			}
			g.sessions[idx] = r.src
			g.forms[r.cmd.norm]++
			if full := argsText(r.cmd.args); full != r.cmd.norm {
				g.full[full]++
			}
		}
	}
	var kept []*group
	for _, g := range groups {
		fresh := false
		for idx := range g.sessions {
			fresh = fresh || isNew(idx)
		}
		if fresh && len(g.sessions) >= minVerifySessions {
			kept = append(kept, g)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	// A line is for reading: the most used checks, at most maxVerifyCmds.
	sort.Slice(kept, func(i, j int) bool {
		if len(kept[i].sessions) != len(kept[j].sessions) {
			return len(kept[i].sessions) > len(kept[j].sessions)
		}
		return kept[i].key < kept[j].key
	})
	if len(kept) > maxVerifyCmds {
		kept = kept[:maxVerifyCmds]
	}
	sort.Slice(kept, func(i, j int) bool {
		a, b := kept[i], kept[j]
		if categoryOrder[a.category] != categoryOrder[b.category] {
			return categoryOrder[a.category] < categoryOrder[b.category]
		}
		return a.key < b.key
	})
	c := &candidate{kind: KindVerification}
	for _, g := range kept {
		// The command exactly as run, when it was run that way more often
		// than in any stable form (`gdlint scripts/`, not `gdlint`).
		cmd := mostCommon(g.forms)
		// Arguments that vary between runs (`helm lint charts/api`,
		// `… charts/worker`) are no part of the check.
		if full := mostCommon(g.full); g.full[full] >= 2 && g.full[full] > g.forms[cmd]-g.full[full] && len(g.full) == 1 {
			cmd = full
		}
		c.cmds = append(c.cmds, cmd)
		idxs := make([]int, 0, len(g.sessions))
		for idx := range g.sessions {
			idxs = append(idxs, idx)
		}
		sort.Ints(idxs)
		for _, idx := range idxs {
			c.srcs = append(c.srcs, g.sessions[idx])
		}
	}
	c.line = verificationLine(c.cmds)
	return c
}

// mostCommon picks the most frequent form; on a tie, the shortest, then the
// first in byte order, so the result never depends on map order.
func mostCommon(forms map[string]int) string {
	best, n := "", -1
	for f, c := range forms {
		if c > n || c == n && (len(f) < len(best) || len(f) == len(best) && f < best) {
			best, n = f, c
		}
	}
	return best
}

// verificationLine renders the memory line listing the commands.
func verificationLine(cmds []string) string {
	quoted := make([]string, len(cmds))
	for i, c := range cmds {
		quoted[i] = "`" + c + "`"
	}
	return "Verification commands for this project: " + strings.Join(quoted, ", ") + "."
}

// argsText is a command as it was run, quoted where needed.
func argsText(args []word) string {
	parts := make([]string, len(args))
	for i, w := range args {
		parts[i] = shellQuote(w.text, w.quoted)
	}
	return strings.Join(parts, " ")
}
