package offline

import (
	"slices"
	"strings"
	"unicode"
)

// A memory line holding a typed value (a port, a host, a cloud zone, a
// version of a named product) goes stale when a later session tells the
// setting moved in words no change pattern knows: "the SFTP service has
// been relocated to port 2022", "mongo moved to mongo-a.internal
// yesterday", "everything goes to eu-central-1 now". The change readers
// (change.go) need the sentence to name the setting the way their patterns
// expect, and a single sentence is never proposed as a line on its own, so
// clashes (contra.go), which pairs a proposed line with memory by its
// values' kinds, never sees it. toldValueChanges reads such sentences from
// the side of memory: a sentence of a new session that tells a change and
// holds a value of a kind a memory line holds, for the same thing, is that
// line's new value.

// toldValueChanges turns the person's sentences of new sessions that tell
// a change (a change word, no question, plan, supposition, while-only or
// request: tellsNoChange, requested) into changes of the one memory line
// pairValues pairs a value they state with. A sentence placing the value
// in another environment than the line's (staging beside production)
// changes nothing of it.
func (k *known) toldValueChanges(said []source, isNew func(int) bool) []change {
	var mem []valuedLine
	var out []change
	for i, src := range said {
		if !isNew(src.session) || !hasDigit(src.quote) && !strings.Contains(src.quote, ".") {
			continue
		}
		s := withoutAsk(toldRe().ReplaceAllString(strings.TrimSpace(plain(src.quote)), ""))
		if !mayTellChange(s) || !changeSignalRe().MatchString(s) && !nowValueRe().MatchString(s) {
			// (A value said to hold from here on, "preview on 4001
			// from here", tells its change too.)
			continue
		}
		if tellsNoChange(s) {
			if s = pastQualifiedPart(s); s == "" || tellsNoChange(s) {
				continue
			}
		}
		if requested(s, clauseSplitRe().Split(s, -1)) {
			continue
		}
		vals := valuesOf(s)
		kept := vals[:0]
		for _, v := range vals {
			if placeLike(v) && !dated(s, v.value) {
				kept = append(kept, v)
			}
		}
		if vals = kept; len(vals) == 0 {
			continue
		}
		if mem == nil {
			if mem = k.diskValuedLines(); len(mem) == 0 {
				return nil
			}
		}
		msg := message(said, i)
		old, new, ok := k.toldPair(mem, vals, s, subjectTerms(s), s, msg)
		if !ok {
			continue
		}
		terms := factTerms(s)
		if old.kind == "version" && old.of != "" && new.of == "" && onlyVersions(vals, old.value, new.value) {
			// "Good, 2.15 it is", "we're on 1.9 now, not 1.7": a
			// sentence naming no version but the new one and the
			// old it was paired with is of the product memory names
			// the old one of ("between 4.4 and 4.5" names others, of
			// a thing it does not name).
			terms = append(terms, factTerms(old.of)...)
		}
		if unit, ok := strings.CutPrefix(old.kind, "unit:"); ok {
			// A bare number is the value of too many things: the
			// unit goes with it ("30 fps" to "25 fps").
			old.value, new.value = old.value+" "+unit, new.value+" "+unit
		}
		out = append(out, change{old: old.value, new: new.value, subject: terms, terms: terms, context: msg, src: src})
	}
	return out
}

// onlyVersions reports whether every version of vals is old or new.
func onlyVersions(vals []typedValue, old, new string) bool {
	for _, v := range vals {
		if v.kind == "version" && v.value != old && v.value != new {
			return false
		}
	}
	return true
}

// toldPair pairs values a person told (vals, from sentence, about subj)
// with the one memory line on disk that holds the old value of that kind
// (pairValues, a change told), and keeps the pair only when the line is
// memory's, no other deployment is named (env: the words that might name
// one), the value's clause of the line is about the same thing
// (valueClauseShared), and a version rises ("deprecated since Haxe 4.1"
// beside "Haxe 4.2.5" is a point of reference, not the news). The readers
// of sentences and of pastes share it.
func (k *known) toldPair(mem []valuedLine, vals []typedValue, sentence string, subj map[string]bool, env, msg string) (old, new typedValue, ok bool) {
	line, old, new := pairValues(mem, vals, sentence, subj, true, nil, []string{msg})
	if line == "" || k.from[line] == "" || otherEnvironment(env, line) || !valueClauseShared(line, old, subj) {
		return old, new, false
	}
	if old.kind == "version" && !laterVersion(withoutV(new.value), withoutV(old.value)) {
		return old, new, false
	}
	return old, new, true
}

// environmentWords name a deployment a value may be of, one a project
// keeps beside others ("dev" and "local" are too often only the box a
// thing runs on to part two settings).
var environmentWords = map[string]bool{"prod": true, "production": true, "staging": true, "stage": true, "stg": true,
	"qa": true, "uat": true, "preview": true, "sandbox": true, "demo": true}

// otherEnvironment reports whether a sentence names a deployment (staging,
// production, …) the memory line does not: "the staging db moved to
// db-stg2.internal" is no news of "Production DB host is
// db-prod.internal", nor of a line naming no deployment at all. The
// sentence's deployment is a word of its prose: a host or URL it names
// ("now lives at https://preview.example.org") is the value, not where the
// value holds; the line's may be a part of its value too.
func otherEnvironment(sentence, line string) bool {
	envs := func(s string, prose bool) map[string]bool {
		m := map[string]bool{}
		for _, f := range strings.Fields(strings.ToLower(s)) {
			if prose && strings.ContainsAny(strings.Trim(f, ".,;:!?()'\"`"), "./:") {
				continue
			}
			for _, w := range strings.FieldsFunc(f, func(r rune) bool { return r < 'a' || r > 'z' }) {
				if environmentWords[w] {
					m[w] = true
				}
			}
		}
		return m
	}
	said, held := envs(sentence, true), envs(line, false)
	for w := range said {
		if !held[w] {
			return true
		}
	}
	return false
}

// compassParts are the words a cloud region's name holds ("us-east-1",
// "europe-west4", "eu-central-1"); a name like "ops-alerts-3" has the
// shape of a zone but is none.
var compassParts = []string{"east", "west", "north", "south", "central"}

// placeLike reports whether a typed value is what it looks like: a zone
// names a compass part; every other kind stands as read.
func placeLike(v typedValue) bool {
	if v.kind != "zone" {
		return true
	}
	for _, p := range strings.Split(v.value, "-") {
		for _, c := range compassParts {
			if strings.Contains(p, c) {
				return true
			}
		}
	}
	return false
}

// dated reports whether value v is said after a word that dates
// something by it or names it as the one left ("deprecated since Haxe
// 4.1", "moved from 8080"), a product's name between them or not: such a
// value is a point of reference, not the one that holds.
func dated(s, v string) bool {
	f := strings.Fields(s)
	for i, w := range f {
		if !containsValue(w, v) {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			if datingWords[strings.ToLower(trimValue(f[j]))] {
				return true
			}
		}
	}
	return false
}

// valueClauseShared reports whether the clause of memory line line that
// holds old (split at ";", "," and dashes) shares a term naming a thing
// with the sentence (subj), or the line is one clause: "grafana exposes its
// metrics on port 3000" in "The dashboard service ships in compose;
// grafana exposes …" is grafana's port, not the dashboard service's, so
// "the dashboard service now listens on 3300" does not move it. Only a
// port or a host is so checked: a version is paired by its product, and a
// project keeps one region.
func valueClauseShared(line string, old typedValue, subj map[string]bool) bool {
	if old.kind != "port" && old.kind != "host" {
		return true
	}
	parts := clauseSplitRe().Split(line, -1)
	if len(parts) < 2 {
		return true
	}
	for _, p := range parts {
		if strings.Contains(strings.ToLower(p), strings.ToLower(old.value)) {
			return sharesSubject(subj, subjectTerms(p))
		}
	}
	return true
}

// A change is often told in the very words memory states the fact in,
// with only the value new: "event data now comes from StatsBomb" beside
// "Event data comes from the Wyscout API", "an event is now LAeq above 62
// dB(A)" beside "A noise event is LAeq above 65 dB(A) …". The values are
// of no kind the other readers know (a provider's name), or the sentence
// names no old one; the frame they share says which value took which
// one's place. frameChanges reads such sentences: told as a change (as
// toldValueChanges asks), sharing with one memory line a run of words,
// two of them no stop words, right before a name or a value in each, the
// two different. A line a pending patch removes counts among the lines:
// the change it matches is that patch's.

// frameChanges lists the changes of memory lines that sentences of new
// sessions tell in the lines' own words (see above).
func (k *known) frameChanges(said []source, isNew func(int) bool) []change {
	if !slices.ContainsFunc(k.lines, func(l string) bool { return k.from[l] != "" }) {
		return nil // (no line of memory to tell in its own words)
	}
	var out []change
	var lines [][]frameWord // memory's lines' words, read once when a sentence needs them
	for _, src := range said {
		if !isNew(src.session) || !changeSignalRe().MatchString(src.quote) {
			// (The cheap test first: most sentences tell no change.)
			continue
		}
		s := withoutAsk(toldRe().ReplaceAllString(strings.TrimSpace(plain(src.quote)), ""))
		clauses := clauseSplitRe().Split(s, -1)
		if !mayTellChange(s) || !changeSignalRe().MatchString(s) || requested(s, clauses) {
			continue
		}
		// The clauses that tell the change: "the event threshold is
		// lowered: an event is now LAeq above 62 dB(A), the minimum
		// duration stays 10 seconds" keeps one thing as it was.
		var told []string
		for _, c := range clauses {
			if changeSignalRe().MatchString(c) && !tellsNoChange(c) {
				told = append(told, c)
			}
		}
		if len(told) == 0 {
			continue
		}
		if lines == nil {
			lines = make([][]frameWord, len(k.lines))
			for i, l := range k.lines {
				if k.from[l] != "" && !strings.Contains(l, verificationPrefix) {
					lines[i] = frameWords(strings.TrimPrefix(l, "- "))
				}
			}
		}
		sw := frameWords(strings.Join(told, ". "))
		found, old, new := "", "", ""
		for i, l := range k.lines {
			if lines[i] == nil {
				continue
			}
			o, n := framedValues(lines[i], sw)
			if o == "" {
				continue
			}
			if found != "" {
				found = "" // (two lines fit: neither is the one)
				break
			}
			found, old, new = l, o, n
		}
		if found == "" || k.removed[found] {
			continue
		}
		out = append(out, change{old: old, new: new, terms: nonValues(s), src: src})
	}
	return out
}

// framedValues finds the values a line and a sentence write (their words
// lw and sw) right after the same run of words (two of them no stop words,
// "now" left out): the old one of the line and the new one of the
// sentence, both names or values (a capital, a digit, a mark of a path),
// different; "", "" when none or two such runs give different pairs.
func framedValues(lw, sw []frameWord) (string, string) {
	old, new := "", ""
	for i := range lw {
		for j := range sw {
			n := 0
			for i+n < len(lw) && j+n < len(sw) && lw[i+n].key == sw[j+n].key {
				n++
			}
			content := 0
			for _, w := range lw[i : i+n] {
				if !textkeyStop(w.key) {
					content++
				}
			}
			if content < 2 || i > 0 && j > 0 && lw[i-1].key == sw[j-1].key || !leadsClause(lw, i) && !leadsClause(sw, j) {
				// (Two words naming things, the run naming what the
				// clause is about: "every PR gets a Vercel preview"
				// and "every new page gets a sidebar_position",
				// "Networking goes through the URLSession wrappers"
				// and "every string goes through String(localized:)"
				// share only how they say it.)
				continue
			}
			a, b := valueAfter(lw, i+n), valueAfter(sw, j+n)
			if strings.Count(a, " ") > strings.Count(b, " ") {
				// ("the Wyscout API" for "StatsBomb": the old name's
				// first word; "Netlify" gives way to "Cloudflare
				// Pages" whole.)
				a, _, _ = strings.Cut(a, " ")
			}
			if a == "" || b == "" || strings.EqualFold(a, b) || !sameKind(a, b) || plainNumber(a) != plainNumber(b) || plainNumber(a) && len(a) < 2 {
				// (A number gives way to a number only, and a
				// single digit, "Vue 2", is the value of too many
				// things to pair by the words before it.)
				continue
			}
			if old != "" && (old != a || new != b) {
				return "", ""
			}
			old, new = a, b
		}
	}
	return old, new
}

// leadsClause reports whether ws[i] opens its clause, past a determiner:
// the run starting there names the clause's subject.
func leadsClause(ws []frameWord, i int) bool {
	for i--; i >= 0 && ws[i].key != "\x00"; i-- {
		if !determiners[ws[i].key] {
			return false
		}
	}
	return true
}

// determiners may come before a clause's subject.
var determiners = map[string]bool{"a": true, "an": true, "the": true, "every": true, "each": true, "all": true, "our": true, "my": true, "so": true, "and": true}

// frameWord is a word of a sentence as written (trimmed of punctuation)
// and as compared (lower-cased).
type frameWord struct{ text, key string }

// frameWords are the words of s, the words of a change ("now", "these
// days") left out so that "event data now comes from" and "Event data
// comes from" share their run.
func frameWords(s string) []frameWord {
	var out []frameWord
	for _, f := range strings.Fields(s) {
		t := trimValue(f)
		if t == "" {
			continue
		}
		k := strings.ToLower(t)
		if k == "now" || k == "nowadays" {
			continue
		}
		out = append(out, frameWord{t, k})
		if t != strings.TrimRight(f, ")") && strings.ContainsAny(f[len(f)-1:], ",;:.!?") {
			// (A clause ends at its punctuation: no run goes past it.)
			out = append(out, frameWord{"", "\x00"})
		}
	}
	return out
}

// valueAfter is the name or value at ws[i], past an article: a word with a
// capital, a digit or a mark of a path or identifier; "" when the word is
// a plain one or the clause ends.
func valueAfter(ws []frameWord, i int) string {
	if i < len(ws) && articles[ws[i].key] {
		i++
	}
	if i >= len(ws) || ws[i].key == "\x00" {
		return ""
	}
	w := ws[i].text
	if !valueLike(w) || !(hasDigit(w) || strings.ContainsAny(w, "./:_@") || unicode.IsUpper(rune(w[0]))) {
		return ""
	}
	// A name of several capitalised words is the value whole: "Google
	// Drive", "Cloud Storage".
	for i++; i < len(ws) && ws[i].text != "" && unicode.IsUpper(rune(ws[i].text[0])) && !hasDigit(ws[i].text) && !calendarWord[ws[i].key]; i++ {
		w += " " + ws[i].text
	}
	return w
}
