package redact

import (
	"context"
	"sort"
	"strings"
)

type span struct {
	start, end int
	rule       string
}

// less orders spans for merging: by start, longer first, then a specific
// rule before a generic one and by id, so the placeholder name is stable.
func (a span) less(b span) bool {
	if a.start != b.start {
		return a.start < b.start
	}
	if a.end != b.end {
		return a.end > b.end
	}
	ga, gb := strings.HasPrefix(a.rule, "generic"), strings.HasPrefix(b.rule, "generic")
	if ga != gb {
		return gb
	}
	return a.rule < b.rule
}

// redact runs detection passes until nothing more is found, so that the
// result is a fixed point: Redact(Redact(s)) == Redact(s).
func (r *Redactor) redact(ctx context.Context, s string) (string, []Finding, error) {
	counts := map[string]int{}
	for pass := 0; pass < maxPasses; pass++ {
		spans, err := r.detect(ctx, s)
		if err != nil {
			return "", nil, err
		}
		if len(spans) == 0 {
			break
		}
		s = apply(s, spans, counts)
	}
	return s, toFindings(counts), nil
}

func toFindings(counts map[string]int) []Finding {
	if len(counts) == 0 {
		return nil
	}
	out := make([]Finding, 0, len(counts))
	for k, v := range counts {
		out = append(out, Finding{Rule: k, Count: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Rule < out[j].Rule })
	return out
}

// apply replaces merged spans with placeholders.
func apply(s string, spans []span, counts map[string]int) string {
	sort.Slice(spans, func(i, j int) bool { return spans[i].less(spans[j]) })
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i := 0; i < len(spans); {
		cur := spans[i]
		j := i + 1
		for j < len(spans) && spans[j].start < cur.end {
			if spans[j].end > cur.end {
				cur.end = spans[j].end
			}
			j++
		}
		b.WriteString(s[last:cur.start])
		b.WriteString(Placeholder(cur.rule))
		counts[cur.rule]++
		last = cur.end
		i = j
	}
	b.WriteString(s[last:])
	return b.String()
}

// detect scans s in overlapping fragments and returns the secret spans.
func (r *Redactor) detect(ctx context.Context, s string) ([]span, error) {
	frag := r.opts.Fragment
	overlap := frag / 8
	var spans []span
	for off := 0; ; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(off+frag, len(s))
		// Prefer to end a fragment at a line break in its last part.
		if end < len(s) {
			if nl := strings.LastIndexByte(s[end-overlap:end], '\n'); nl >= 0 {
				end = end - overlap + nl + 1
			}
		}
		found, err := r.detectFragment(ctx, s[off:end], true)
		if err != nil {
			return nil, err
		}
		for _, sp := range found {
			spans = append(spans, span{sp.start + off, sp.end + off, sp.rule})
		}
		if end >= len(s) {
			break
		}
		off = max(end-overlap, off+1)
	}
	return spans, nil
}

// detectFragment looks for secrets in the raw fragment and in its decoded
// views (JSON escapes, percent encoding, both nested once), and, when deep
// is set, inside the base64 runs of each.
func (r *Redactor) detectFragment(ctx context.Context, f string, deep bool) ([]span, error) {
	raw := &view{text: f}
	views := []*view{raw}
	var escapes []*view // views whose escape sequences spans must not split
	if j := jsonView(f); j != nil {
		escapes = append(escapes, j)
		views = append(views, j)
		if jj := jsonView(j.text); jj != nil {
			views = append(views, j.compose(jj))
		}
		if jp := percentView(j.text); jp != nil {
			views = append(views, j.compose(jp))
		}
	}
	if p := percentView(f); p != nil {
		escapes = append(escapes, p)
		views = append(views, p)
		if pj := jsonView(p.text); pj != nil {
			views = append(views, p.compose(pj))
		}
	}
	var spans []span
	for _, v := range views {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		found := r.scanText(v.text)
		if deep {
			b64, err := r.scanBase64(ctx, v.text)
			if err != nil {
				return nil, err
			}
			found = append(found, b64...)
		}
		for _, sp := range found {
			a, b := v.srcSpan(sp.start, sp.end)
			for _, e := range escapes {
				a, b = e.snap(a, b, len(f))
			}
			spans = append(spans, span{a, b, sp.rule})
		}
	}
	return spans, nil
}

// candidate applies gitleaks' acceptance rules (secret group, entropy
// floor, generic-rule digit check, allowlists) plus automem's checks to one
// regex match at offset base in t.
func (r *Redactor) candidate(rl *rule, t string, base int, m []int, placeholders [][]int) (span, bool) {
	ms, me := m[0]+base, m[1]+base
	ss, se := ms, me
	if len(m) > 2 {
		g := rl.group
		if g > 0 && 2*g+1 < len(m) && m[2*g] >= 0 {
			ss, se = m[2*g]+base, m[2*g+1]+base
		} else if g == 0 {
			for k := 1; 2*k+1 < len(m); k++ {
				if m[2*k] >= 0 && m[2*k+1] > m[2*k] {
					ss, se = m[2*k]+base, m[2*k+1]+base
					break
				}
			}
		}
	}
	secret := t[ss:se]
	if secret == "" {
		return span{}, false
	}
	if rl.entropy > 0 && entropy(secret) <= rl.entropy {
		return span{}, false
	}
	if rl.generic && !hasDigit(secret) {
		return span{}, false
	}
	match := t[ms:me]
	// The line is only needed by the few "line" allowlists: find it lazily,
	// as scanning a long line for every match would make scans quadratic.
	line := func() string {
		ls := strings.LastIndexByte(t[:ms], '\n') + 1
		return t[ls:lineEnd(t, me)]
	}
	if r.global.allowed(secret, match, line) {
		return span{}, false
	}
	allow := rl.get().allow
	for i := range allow {
		if allow[i].allowed(secret, match, line) {
			return span{}, false
		}
	}
	if rl.check != nil && !rl.check(secret) {
		return span{}, false
	}
	if rl.wholeMatch {
		ss, se = ms, me
	}
	// placeholders are in order and disjoint: the first one ending after
	// ss is the only one that can overlap [ss,se).
	if i := sort.Search(len(placeholders), func(i int) bool { return placeholders[i][1] > ss }); i < len(placeholders) && placeholders[i][0] < se {
		return span{}, false
	}
	return span{ss, se, rl.id}, true
}
