package redact

import (
	"sort"
	"strings"
)

// window is a byte range of the text that one rule's regex will see.
type window struct{ start, end int }

// hit is one keyword occurrence.
type hit struct{ start, end int }

// scanText runs the rules on one decoded text (at most one fragment long).
// Keyword hits select the rules; each rule's regex then sees only small
// ranges around its hits, so the cost follows the number of keywords, not
// rules × bytes.
func (r *Redactor) scanText(t string) []span {
	placeholders := r.placeholder.FindAllStringIndex(t, -1)
	hits := make(map[int32][]hit) // rule -> keyword hits
	r.matcher.scan(t, func(kw int32, pos int) {
		h := hit{pos, pos + r.matcher.kwLen[kw]}
		for _, ri := range r.kwRules[kw] {
			hits[ri] = append(hits[ri], h)
		}
	})
	var spans []span
	emit := func(rl *rule, base int, m []int) {
		if sp, ok := r.candidate(rl, t, base, m, placeholders); ok {
			spans = append(spans, sp)
		}
	}
	for _, ri := range r.alwaysRules {
		r.runWindows(&r.rules[ri], t, []window{{0, len(t)}}, emit)
	}
	ris := make([]int, 0, len(hits)) // deterministic order: rules by index
	for ri := range hits {
		ris = append(ris, int(ri))
	}
	sort.Ints(ris)
	for _, ri := range ris {
		rl := &r.rules[ri]
		hs := hits[int32(ri)]
		switch {
		case rl.whole:
			r.runWindows(rl, t, []window{{0, len(t)}}, emit)
		case rl.assign:
			r.runAnchored(rl, t, hs, emit)
		default:
			r.runWindows(rl, t, windows(t, hs, rl.before, rl.after), emit)
		}
	}
	return spans
}

// runWindows runs rl's regex over each window.
func (r *Redactor) runWindows(rl *rule, t string, ws []window, emit func(*rule, int, []int)) {
	for _, w := range ws {
		for _, m := range rl.get().re.FindAllStringSubmatchIndex(t[w.start:w.end], -1) {
			if m[1]+w.start == w.end {
				m = extend(rl, t, w.start, m)
			}
			emit(rl, w.start, m)
		}
	}
}

// runAnchored handles "name, operator, value" rules: a hit counts only if
// an assignment operator follows the keyword closely, and the regex then
// runs anchored at the start of the name, so a failing hit costs a few
// dozen bytes of matching.
func (r *Redactor) runAnchored(rl *rule, t string, hs []hit, emit func(*rule, int, []int)) {
	lastStart := -1
	for _, h := range hs {
		if !assignFollows(t, h.end) {
			continue
		}
		// Name bytes never include a newline, so this stays on the line.
		s0 := h.start
		for s0 > 0 && h.start-s0 < rl.nameMax && rl.nameByte(t[s0-1]) {
			s0--
		}
		if s0 == lastStart {
			continue
		}
		lastStart = s0
		end := min(len(t), h.end+rl.after)
		if i := strings.IndexByte(t[h.start:end], '\n'); i >= 0 {
			end = h.start + i
		}
		m := rl.get().anchored.FindStringSubmatchIndex(t[s0:end])
		if m == nil {
			continue
		}
		if m[1]+s0 == end {
			m = extend(rl, t, s0, m)
		}
		emit(rl, s0, m)
	}
}

// extend re-runs a match that ran into its window's edge on the rest of
// the line, so an unbounded secret is not cut short.
func extend(rl *rule, t string, base int, m []int) []int {
	from := base + m[0]
	end := lineEnd(t, base+m[1])
	if end == base+m[1] {
		return m
	}
	em := rl.get().re.FindStringSubmatchIndex(t[from:end])
	if em == nil || em[0] != 0 {
		return m
	}
	for k := range em {
		if em[k] >= 0 {
			em[k] += from - base
		}
	}
	return em
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// assignFollows reports whether, after a keyword ending at i, an assignment
// with a value follows within the slack gitleaks' template allows: up to 20
// more name bytes (40 here, as a keyword may be shorter than the regex's
// word), up to 3 quotes or spaces (4 here), one of = > : | ? , (a few, for
// ":=" and "=>"), up to 5 quotes, spaces or "=" (6 here, plus backslashes
// of escaped quotes), then the first byte of a value, which is never an
// opening bracket. It is a necessary condition of every rule that uses it,
// so it only skips work.
func assignFollows(t string, i int) bool {
	skip := func(max int, ok func(c byte) bool) {
		for n := 0; i < len(t) && n < max && ok(t[i]); n++ {
			i++
		}
	}
	skip(40, func(c byte) bool { return isNameByte(c) || c == ' ' || c == '\t' })
	skip(4, func(c byte) bool { return c == '"' || c == '\'' || c == ' ' || c == '\t' || c == '\r' || c == '\\' })
	if i >= len(t) || strings.IndexByte("=>:|?,", t[i]) < 0 {
		return false
	}
	skip(3, func(c byte) bool { return strings.IndexByte("=>:|?,", c) >= 0 })
	skip(6, func(c byte) bool {
		return c == '"' || c == '\'' || c == '`' || c == ' ' || c == '\t' || c == '\r' || c == '=' || c == '\\'
	})
	return i < len(t) && strings.IndexByte("{[(<\n", t[i]) < 0
}

// windows turns keyword hits into ranges around each keyword, within its
// line: a bounded range keeps regex work proportional to the number of
// keywords, and small inputs let Go's regexp use its faster backtracker.
// Nearby ranges are merged up to maxWindow; past that a new range starts
// (ranges may overlap; duplicate matches merge later).
func windows(t string, hs []hit, before, after int) []window {
	sort.Slice(hs, func(i, j int) bool { return hs[i].start < hs[j].start })
	var ws []window
	lineStart, lineStop := -1, -1
	for _, h := range hs {
		p := h.start
		if p < lineStart || p >= lineStop {
			lineStart = strings.LastIndexByte(t[:p], '\n') + 1
			lineStop = lineEnd(t, p)
		}
		w := window{max(lineStart, p-before), min(lineStop, p+after)}
		if n := len(ws); n > 0 && w.start <= ws[n-1].end && w.end-ws[n-1].start <= maxWindow {
			ws[n-1].end = max(ws[n-1].end, w.end)
			continue
		}
		ws = append(ws, w)
	}
	return ws
}

// lineEnd is the index of the newline ending the line at p, or len(t).
func lineEnd(t string, p int) int {
	if i := strings.IndexByte(t[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(t)
}
