package offline

import (
	"path"
	"slices"
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
// "no immediate retries", "no longer label-encode", "not local disk", "not
// anymore off". Only that word (a dotted name whole, "no log.Printf"): in
// "no idle scaling to zero" the next one is what idling is said of.
// "never" more often rules out what a thing may do ("must never scale to
// zero") than what memory says it does. Group 1 is a verb of having before
// it: "the compose file has no postgres" tells what a thing lacks.
var ruledOutRe = lazyregexp.New(`(?i)(\b(?:has|have|had)\s+)?\b(?:no longer|no|not)\s+(?:any ?more\s+|any longer\s+)?(?:(?:a|an|the|any|more)\s+)?([\w<>@/+#-]+(?:\.\w[\w<>@/+#-]*)*)`)

// offTableRe is a thing ruled out by what is said of it after: "Median
// normalisation is off the table", "cron is a no-go". Group 1 is the
// word that names it first.
var offTableRe = lazyregexp.New(`(?i)\b([\w-]+)(?:\s+[\w-]+)?\s+(?:is|are)\s+(?:off the table|out of the question|a no-go)\b`)

// placeRuledOutRe is a folder ruled out as the place: "Not in
// templates/." Group 1 is the folder, written as a path.
var placeRuledOutRe = lazyregexp.New(`(?i)\b(?:not|never)\s+(?:in|into|under)\s+([\w.@+-]+(?:/[\w.@+-]+)*/)(?:\W|$)`)

// negated finds the one memory line (read from a file, not yet rewritten,
// not the verification line) that holds, not ruled out, a word c or a
// sentence merged into it rules out, when c and the line are about one
// thing: they share another term, the word is a name written as code
// ("FileStore", "<link>"), or the line uses the thing as its means ("use
// the requests library"); or that puts things in a folder c rules out.
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
			if w := strings.ToLower(strings.Trim(m[2], ".-")); m[1] == "" && !placeWords[w] && !meansWords[w] && (len(w) >= 4 || w == "off") && !textkeyStop(w) {
				ruled = append(ruled, ruling{w, said})
			}
		}
		for _, m := range offTableRe().FindAllStringSubmatch(said, -1) {
			if w := strings.ToLower(m[1]); len(w) >= 4 && !textkeyStop(w) {
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
			} else if !codeLike(held) && sharedTerms(withoutWord(r.said, w), withoutWord(l, held)) == 0 && sharedTerms(withoutWord(c.line, w), withoutWord(l, held)) == 0 && !(slices.Contains(strings.Split(strings.ToLower(held), "/"), w) && reliesOn(l, strings.ToLower(held))) {
				// (The word as ruled out, not another form of it, alone
				// or joined by a slash, as the means the line uses:
				// "Not requests again" beside "HTTP calls use the
				// requests library", "no offset pagination" beside
				// "paginate with offset/limit params".)
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
		if sf := textkey.Stem(f); len(sf) >= 4 && sameStemmed(sf, sw) && inflected(f, w) {
			return raw
		}
	}
	return ""
}

// inflected reports whether two words one stem joins differ only by an
// ending of inflection ("immediate" and "immediately", "retry" and
// "retries"), not by one that makes another word of them: "not
// accessible" rules no "access" out. A part of a name joined with
// hyphens or slashes, as written, counts as the name's word ("not
// churned" names no "churn-2025q4").
func inflected(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	p := 0
	for p < len(a) && a[p] == b[p] {
		p++
	}
	switch a[p:] {
	case "", "e", "y":
		switch end := b[p:]; end {
		case "", "s", "es", "d", "ed", "ing", "ly", "ies", "ied", "e", "y":
			return true
		default:
			// a consonant doubled ("pad", "padded")
			if a[p:] == "" && p > 0 && len(end) > 2 && end[0] == a[p-1] && (end[1:] == "ed" || end[1:] == "ing") {
				return true
			}
		}
	}
	parts := strings.FieldsFunc(b, func(r rune) bool { return r == '-' || r == '/' || r == '_' })
	return len(parts) > 1 && slices.Contains(parts, a)
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

// swappedName finds the one memory line (read from a file, not yet
// rewritten, not the verification line) that writes, where the rule
// writes a name of code, another such name, the words around it alike,
// when the rule says nothing else the line does not ("Thermalconv is a
// GstVideoFilter subclass." beside "thermalconv is a GstBaseTransform
// subclass in gst/thermalconv/"): the line with the new name in place of
// the old is the rule's form, keeping what else the line says.
func (k *known) swappedName(c candidate, taken map[string]bool) (line, path, edit string) {
	if c.kind != KindInstruction && c.kind != KindCorrection {
		return "", "", ""
	}
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		nw, ow := swappedPair(c.line, l)
		if nw == "" {
			continue
		}
		n, o := wordAsWritten(c.line, nw), wordAsWritten(l, ow)
		if !codeLike(n) || !codeLike(o) || hasExtra(factTerms(withoutWord(c.line, n)), factTerms(l)) {
			continue
		}
		if line != "" {
			return "", "", ""
		}
		line, path = l, k.from[l]
		edit = strings.TrimSpace(strings.TrimLeft(strings.Replace(l, o, n, 1), "-*+ "))
	}
	return line, path, edit
}

// soleRe is a rule saying its one way is the only one: "nothing else",
// "only", "no other".
var soleRe = lazyregexp.New(`(?i)\b(?:nothing else|only|exclusively|no other)\b`)

// soleSibling finds the one memory line (read from a file, not yet
// rewritten, not the verification line) that names a sibling of a name a
// rule says is the only way ("Every notification uses
// notify-pagerduty.sh, nothing else." beside "Notifications go to
// #ops-alerts via notify-slack.sh."): a file or name of the same family
// (siblingNames) or another data format ("CSV results only" beside
// "results are written as .mat files"), the two lines about one thing.
// Beside the rule the line would name the way it rules out.
func (k *known) soleSibling(c candidate, taken map[string]bool) (string, string) {
	if c.kind != KindInstruction && c.kind != KindCorrection || !soleRe().MatchString(c.line) {
		return "", ""
	}
	return k.siblingLine(c.line, taken, func(a, b string) bool { return siblingNames(a, b) || otherFormat(a, b) })
}

// correctedSibling finds the one memory line (as soleSibling reads them)
// that names a dotted sibling of a name a correction gives ("ner.manual"
// for "It is ner.correct with the model in the loop", "New batches are
// annotated from scratch with ner.manual."): the person put the one in
// the other's place, and beside the correction the line would name the
// way it ruled out. The correction must not name the line's own.
func (k *known) correctedSibling(c candidate, taken map[string]bool) (string, string) {
	if c.kind != KindCorrection {
		return "", ""
	}
	return k.siblingLine(c.line, taken, func(a, b string) bool {
		return dottedSibling(a, b) && !containsValue(c.line, strings.TrimRight(b, "."))
	})
}

// siblingLine is the one memory line (read from a file, not yet
// rewritten, not the verification line) holding a word that pairs with a
// word of line (pair) on the same subject, and its file; "" when none or
// two lines do.
func (k *known) siblingLine(line string, taken map[string]bool, pair func(a, b string) bool) (string, string) {
	found := ""
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, a := range strings.Fields(line) {
			a = strings.Trim(a, "`'\",;:!?()[]")
			for _, b := range strings.Fields(l) {
				b = strings.Trim(b, "`'\",;:!?()[]")
				if pair(a, b) && sharesSubject(subjectTerms(withoutWord(line, a)), subjectTerms(withoutWord(l, b))) {
					if found != "" && found != l {
						return "", ""
					}
					found = l
				}
			}
		}
	}
	if found == "" {
		return "", ""
	}
	return found, k.from[found]
}

// dottedSibling reports whether two names are two members of one dotted
// namespace: the same part before the last dot (two letters or more), a
// different word of letters after it ("ner.manual", "ner.correct"). A
// version ("1.2") or a path is none.
func dottedSibling(a, b string) bool {
	a, b = strings.TrimRight(a, "."), strings.TrimRight(b, ".")
	ia, ib := strings.LastIndexByte(a, '.'), strings.LastIndexByte(b, '.')
	if ia < 2 || ib < 2 || strings.ContainsAny(a+b, "/\\@:") || !strings.EqualFold(a[:ia], b[:ib]) {
		return false
	}
	word := func(s string) bool {
		return len(s) >= 3 && strings.Trim(strings.ToLower(s), "abcdefghijklmnopqrstuvwxyz_") == ""
	}
	return word(a[ia+1:]) && word(b[ib+1:]) && !strings.EqualFold(a[ia+1:], b[ib+1:]) && word(strings.ReplaceAll(a[:ia], ".", "_"))
}

// siblingNames reports whether two names are of one family: the same
// extension, the same first part before a hyphen or underscore (three
// letters or more), the rest different ("notify-slack.sh",
// "notify-pagerduty.sh").
func siblingNames(a, b string) bool {
	a, b = strings.TrimRight(a, "."), strings.TrimRight(b, ".")
	ea, eb := path.Ext(a), path.Ext(b)
	if ea == "" || ea != eb || strings.EqualFold(a, b) || strings.ContainsAny(a+b, "/") {
		return false
	}
	split := func(r rune) bool { return r == '-' || r == '_' }
	pa, pb := strings.FieldsFunc(strings.TrimSuffix(a, ea), split), strings.FieldsFunc(strings.TrimSuffix(b, eb), split)
	return len(pa) >= 2 && len(pb) >= 2 && len(pa[0]) >= 3 && strings.EqualFold(pa[0], pb[0])
}

// dataFormats are the formats data is written in: one output written in
// two is said of one thing two ways.
var dataFormats = map[string]bool{"csv": true, "tsv": true, "json": true, "jsonl": true, "parquet": true, "mat": true,
	"hdf5": true, "h5": true, "netcdf": true, "nc": true, "feather": true, "arrow": true, "avro": true, "orc": true,
	"xlsx": true, "xml": true}

// otherFormat reports whether two words name two data formats ("CSV",
// ".mat").
func otherFormat(a, b string) bool {
	fa, fb := strings.ToLower(strings.TrimPrefix(a, ".")), strings.ToLower(strings.TrimPrefix(b, "."))
	return dataFormats[fa] && dataFormats[fb] && fa != fb
}

// wordAsWritten is the word of s that is w lower-cased, as s writes it.
func wordAsWritten(s, w string) string {
	for _, f := range strings.Fields(s) {
		if t := strings.Trim(f, "`'\".,;:!?()[]"); strings.EqualFold(t, w) {
			return t
		}
	}
	return w
}
