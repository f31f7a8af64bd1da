package offline

import "strings"

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
