package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A rule often turns a memory line around without naming a value or a
// tool given up: "no immediate retries, back off" beside "On a Modbus
// timeout, reconnect immediately", "we no longer label-encode" beside
// "Categorical features are label-encoded", "No FileStore. We moved to
// JdbcStore" beside "Message store is a FileStore". The rule rules out by
// name what the line holds; beside it the line would say the opposite.

// ruledOutRe is a thing ruled out by the word right after a negation:
// "no immediate retries", "no longer label-encode", "not local disk". Only
// that word: in "no idle scaling to zero" the next one is what idling is
// said of. "never" more often rules out what a thing may do ("must never
// scale to zero") than what memory says it does. Group 1 is a verb of
// having before it: "the compose file has no postgres" tells what a thing
// lacks.
var ruledOutRe = lazyregexp.New(`(?i)(\b(?:has|have|had)\s+)?\b(?:no longer|no|not)\s+(?:(?:a|an|the|any|more)\s+)?([\w<>@/+#-]+)`)

// placeRuledOutRe is a folder ruled out as the place: "Not in
// templates/." Group 1 is the folder, written as a path.
var placeRuledOutRe = lazyregexp.New(`(?i)\b(?:not|never)\s+(?:in|into|under)\s+([\w.@+-]+(?:/[\w.@+-]+)*/)(?:\W|$)`)

// negated finds the one memory line (read from a file, not yet rewritten,
// not the verification line) that holds, not ruled out, a word c or a
// sentence merged into it rules out, when c and the line are about one
// thing: they share another term, or the word is a name written as code
// ("FileStore", "<link>"); or that puts things in a folder c rules out.
func (k *known) negated(c candidate, taken map[string]bool) (string, string) {
	if c.kind != KindInstruction && c.kind != KindCorrection {
		return "", ""
	}
	// The rule may be said in another session's words merged into the
	// line: "offset paging dies there, cursor: …" is the line, "no offset
	// pagination on anything new" the ruling.
	type ruling struct{ w, said string }
	var ruled []ruling
	saids := []string{c.line}
	for _, s := range c.srcs {
		if s.quote != "" && s.quote != c.line {
			saids = append(saids, s.quote)
		}
	}
	for _, said := range saids {
		for _, m := range ruledOutRe().FindAllStringSubmatch(said, -1) {
			// ("not inside the container", "not by minion name" rule
			// out a place or a way, not a thing.)
			if w := strings.ToLower(strings.Trim(m[2], ".-")); m[1] == "" && !placeWords[w] && !meansWords[w] && len(w) >= 4 && !textkeyStop(w) {
				ruled = append(ruled, ruling{w, said})
			}
		}
		for _, m := range placeRuledOutRe().FindAllStringSubmatch(said, -1) {
			ruled = append(ruled, ruling{strings.ToLower(m[1]), said})
		}
	}
	if len(ruled) == 0 {
		return "", ""
	}
	found := ""
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, r := range ruled {
			w := r.w
			held := heldForm(l, w)
			if held == "" || negatedIn(l, strings.ToLower(held)) || strings.Contains(strings.ToLower(l), "without "+strings.ToLower(held)) || heldForm(firstTerm(l), w) != "" {
				// (A line that rules it out too, "answers
				// without emojis", says the same. The line's
				// own subject ruled out in a rule
				// about it, "no component imports another's"
				// beside "Components live in src/lib", is no
				// turn of what the line says of it.)
				continue
			}
			if strings.HasSuffix(r.w, "/") {
				// (A folder ruled out is the place the line puts
				// things only where it says "in" it.)
				if !reliesOn(l, strings.ToLower(held)) {
					continue
				}
			} else if !codeLike(held) && sharedTerms(withoutWord(r.said, w), withoutWord(l, held)) == 0 && sharedTerms(withoutWord(c.line, w), withoutWord(l, held)) == 0 {
				continue
			}
			if found != "" && found != l {
				return "", ""
			}
			found = l
			break
		}
	}
	if found == "" {
		return "", ""
	}
	return found, k.from[found]
}

// heldForm is the word of line that is w (lower-case) in this or another
// form ("immediately" for "immediate", "label-encoded" for
// "label-encode"), as written, or "".
func heldForm(line, w string) string {
	w = strings.Trim(w, "<>/")
	sw := textkey.Stem(w)
	for _, raw := range strings.Fields(line) {
		raw = strings.Trim(raw, "`'\".,;:!?()[]")
		f := strings.ToLower(strings.Trim(raw, "<>/"))
		if f == w {
			return raw
		}
		if sf := textkey.Stem(f); len(sf) >= 4 && sameStemmed(sf, sw) {
			return raw
		}
	}
	return ""
}

// codeLike reports whether w is written as a name of code: with a capital
// inside, an underscore, angle brackets.
func codeLike(w string) bool {
	return strings.ContainsAny(w, "_<>") || len(w) > 1 && strings.ToLower(w[1:]) != w[1:]
}

// withoutWord is line with every word of w's form left out.
func withoutWord(line, w string) string {
	var out []string
	for _, f := range strings.Fields(line) {
		if heldForm(f, strings.ToLower(w)) == "" {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// firstTerm is the first word of line that names a thing.
func firstTerm(line string) string {
	for _, f := range strings.Fields(line) {
		if w := strings.ToLower(strings.Trim(f, "`'\".,;:!?()[]-*")); w != "" && !textkeyStop(w) {
			return w
		}
	}
	return ""
}
