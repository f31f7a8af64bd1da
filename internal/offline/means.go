package offline

import (
	"slices"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// A project's tool or service is often never stated as a rule, only named
// as the means of each day's request, and leaned on as settled in one of
// them: "validate the email with zod", then "parse the form body with zod
// same as signup"; "make it use bullmq like the others", then "(bullmq
// obviously)". No sentence is an instruction and the name is often a
// plain word (no code form for recurringNames to go by), yet the person
// named the same means in two sessions and said at least once that it is
// how things are done here. A means named so in two sessions or more
// (or, once leaned on, named in a clause saying how things are: "the time
// column, which is timestamptz"), leaned on in the clause that names it,
// and named by the person in no other session, is that setting said
// again.

// meansTermRe is a thing named as what something is done with or through:
// "with zod", "via bump", "use bullmq", "on the bullmq queue", "from
// ca.internal". After "in" or "at" (group 1) only a name written as code
// is a means ("in eu-central-1", "at https://ca.internal/…"; "in the
// second movement" is a place in the work).
var meansTermRe = lazyregexp.New(`(?i)\b(?:with|via|through|thru|using|uses?|on|from|(in|at))\s+(?:the\s+|our\s+)?(?:https?://)?([A-Za-z][\w.@:+-]*[A-Za-z0-9])`)

// leanTermRe is a name leaned on right after it: "hspec like the rest",
// "(bullmq obviously)", or said to be the same at the clause's end ("same
// Redis"). ("the billing dlq too" adds one more thing.)
var leanTermRe = lazyregexp.New(`(?i)(?:^|[\s(])([A-Za-z][\w.@:+-]*[A-Za-z0-9]),?\s+(?:obviously|as usual|as always|like (?:the|all the) (?:others|rest))|\bsame\s+([A-Za-z][\w.@:+-]*[A-Za-z0-9])\W*$`)

// meansLeanRe is a clause leaning on what was settled before: "like the
// others", "as usual", "same as signup", "obviously", "via bump too".
var meansLeanRe = lazyregexp.New(`(?i)\b(?:(?:like|as) (?:the (?:others|rest|other \w+)|usual|always|before|everywhere|other \w+)|same as|obviously|as well)\b|\btoo\s*(?:[,.;:!)]|$)`)

// droppedRe is a thing said to be given up or replaced: "we dropped
// elm-live", "we switched to vite".
var droppedRe = lazyregexp.New(`(?i)\b(?:dropped|ditched|got rid of|abandoned|stopped using|gave up on|switch(?:ed|ing)|mov(?:ed|ing) (?:to|off|away)|migrat(?:ed|ing)|replac(?:ed|ing)|no longer|any ?more)\b`)

// settledStateRe is a clause saying how a thing is: "which is
// timestamptz", "sku is the id" ("I read the valibot changelog" tells
// what the person did).
var settledStateRe = lazyregexp.New(`(?i)\b(?:is|are|uses?|stays?|lives?|goes)\b`)

// meansUse is one clause naming a term as its means.
type meansUse struct {
	said   int // index into said
	clause string
	leans  bool
}

// recurringMeans returns the statements of a means named in two sessions or
// more and leaned on in one (see above), one per session, worded alike so
// that they group; a statement of one of those sessions that names the
// means words it. A term a statement of another session names already,
// one a sentence asks about, changes or reports trouble with, and one
// another session names in other ways are left alone: a tool of the
// day's subject is named in every way, a settled means only as the means.
func recurringMeans(stmts []stmt, said []source, more []stmt) []stmt {
	// The terms a clause leans on first: few sentences lean, and only
	// the sentences naming one of their terms are read in full.
	leaned := map[string]bool{}
	for _, s := range said {
		if !leanWords(s.quote) {
			continue
		}
		for _, c := range clauseSplitRe().Split(s.quote, -1) {
			if meansLeanRe().MatchString(c) || leanTermRe().MatchString(c) {
				for _, u := range meansIn(c) {
					leaned[u] = true
				}
			}
		}
	}
	if len(leaned) == 0 {
		return nil
	}
	// Each sentence is split into words once; terms are looked up in
	// the index, never matched against every sentence.
	words := make([][]string, len(said))
	namers := map[string][]int{}
	for i, s := range said {
		words[i] = termWords(s.quote)
		for _, w := range words[i] {
			if leaned[w] {
				namers[w] = append(namers[w], s.session)
			}
		}
	}
	lines := statementsNaming(leaned, stmts, more)
	uses := map[string][]meansUse{}
	var order []string
	off := map[string]bool{}
	for i, s := range said {
		low := strings.ToLower(s.quote)
		// meansIn's terms are whole words (meansTermRe), so a sentence
		// none of whose words is leaned names none.
		named := false
		for _, w := range words[i] {
			if leaned[w] {
				named = true
				break
			}
		}
		if !named {
			continue
		}
		bad := strings.Contains(s.quote, "?") || reportsTrouble(s.quote) || changedSetting(s.quote) || goneRe().MatchString(s.quote) ||
			strings.Contains(low, "is dead") || strings.Contains(low, "are dead") || droppedRe().MatchString(s.quote)
		// "just this once … with freewrap like before" leans on it for
		// the one time only.
		once := oneOffRe().MatchString(s.quote)
		for _, c := range clauseSplitRe().Split(s.quote, -1) {
			ts := meansIn(c)
			if settledStateRe().MatchString(c) && !imperative(c) {
				// "the time column, which is timestamptz": a clause
				// that states how things are names it as settled too.
				for _, t := range termWords(c) {
					if leaned[t] && !slices.Contains(ts, t) {
						ts = append(ts, t)
					}
				}
			}
			for _, t := range ts {
				if !leaned[t] {
					continue
				}
				if bad {
					off[t] = true
					continue
				}
				if _, ok := uses[t]; !ok {
					order = append(order, t)
				}
				uses[t] = append(uses[t], meansUse{said: i, clause: c, leans: !once && (meansLeanRe().MatchString(c) || leanTermRe().MatchString(c))})
			}
		}
	}
	var out []stmt
	for _, t := range order {
		if off[t] || !meansName(t) {
			continue
		}
		l := uses[t]
		sessions := map[int]bool{}
		leans := false
		for _, u := range l {
			sessions[said[u.said].session] = true
			leans = leans || u.leans
		}
		if len(sessions) < 2 || !leans || namedElsewhere(namers[t], sessions) {
			continue
		}
		line, at, ok := lineNaming(lines[t], sessions)
		if !ok {
			continue
		}
		done := map[int]bool{}
		if line == "" {
			line = meansLine(l, t)
		} else {
			// The statement is its session's evidence already.
			done[at] = true
		}
		for _, u := range l {
			s := said[u.said]
			if done[s.session] {
				continue
			}
			done[s.session] = true
			out = append(out, stmt{line: line, src: s})
		}
	}
	return out
}

// leanWords reports, by whole words, whether a sentence may lean
// back (meansLeanRe, leanTermRe).
func leanWords(s string) bool {
	// FieldsFuncSeq: this runs on every sentence, and a slice of its
	// words per sentence would be garbage.
	for w := range strings.FieldsFuncSeq(strings.ToLower(s), func(r rune) bool { return r < 'a' || r > 'z' }) {
		// Whole words: "was", "has", "class", "tool" lean on nothing.
		if w == "like" || w == "as" || w == "obviously" || w == "too" || w == "same" {
			return true
		}
	}
	return false
}

// meansIn are the terms, each once, a clause names as its means (meansTermRe) or leans
// on right after naming (leanTermRe), lower-cased.
func meansIn(c string) []string {
	var out []string
	for _, ix := range meansTermRe().FindAllStringSubmatchIndex(c, -1) {
		t := strings.ToLower(c[ix[4]:ix[5]])
		// "in"/"at" name a place, "from" a person or a place ("the
		// email from karen"), and "with", "on" after going or meeting
		// company ("drive with mom"): only a code term is a means there.
		place := ix[2] >= 0 || strings.HasPrefix(strings.ToLower(c[ix[0]:]), "from") ||
			movesVerbs[strings.ToLower(lastWord(c[:ix[0]]))]
		if (!place || isCodeTerm(t)) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for _, m := range leanTermRe().FindAllStringSubmatch(c, -1) {
		// "with cosign, cosign like the rest" names it once.
		if t := strings.ToLower(m[1] + m[2]); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// movesVerbs are verbs of going or meeting: what follows them with
// "with", "from" or "on" is company or a place, not a means.
var movesVerbs = map[string]bool{"go": true, "goes": true, "went": true, "going": true, "come": true, "comes": true, "came": true, "coming": true,
	"talk": true, "talked": true, "talking": true, "meet": true, "met": true, "meeting": true, "drive": true, "drove": true, "driving": true}

// meansName reports whether a term can name a tool or service: a word of
// three letters or more that is not a generic word, a pronoun, a plural
// ("with tests like the others" names what comes with the work), a file,
// a number, or a branch or an environment (where work goes, not what it
// goes through).
func meansName(t string) bool {
	if len(t) < 3 || meansStop[t] || plural(t) || fileLike(t) || genericTerms()[t] || narration[t] {
		return false
	}
	return strings.IndexFunc(t, func(r rune) bool { return r >= 'a' && r <= 'z' }) >= 0
}

// meansStop are words after "with", "use" or "from" that name no means.
var meansStop = map[string]bool{"it": true, "its": true, "this": true, "that": true, "them": true, "these": true, "those": true,
	"one": true, "all": true, "each": true, "every": true, "both": true, "same": true, "other": true, "rest": true,
	"top": true, "now": true, "there": true, "here": true, "then": true, "what": true, "which": true, "something": true,
	"anything": true, "nothing": true, "start": true, "scratch": true, "way": true, "side": true, "time": true,
	"mine": true, "you": true, "your": true, "our": true, "his": true, "her": true, "their": true, "him": true,
	"please": true, "too": true, "well": true, "and": true, "the": true, "any": true, "care": true, "caution": true, "main": true, "master": true,
	"staging": true, "prod": true, "production": true, "dev": true, "local": true, "localhost": true, "home": true}

// lineNaming finds the statement that names t already, and its session:
// its line words the means ("The report export should go through celery." said in one of
// the sessions gains the other), and ok is false when a statement of
// another session, a correction, a rule for every project or two
// statements name it (the fact is there, or it is another fact of t's).
func lineNaming(l []namingStmt, sessions map[int]bool) (line string, session int, ok bool) {
	for _, n := range l {
		s := n.s
		if n.more || line != "" && (line != s.line || session != s.src.session) || !sessions[s.src.session] || s.correction || s.global {
			return "", 0, false
		}
		line, session = s.line, s.src.session
	}
	return line, session, true
}

// namingStmt is a statement naming a leaned term, more when it comes from
// the other list lineNaming reads.
type namingStmt struct {
	s    stmt
	more bool
}

// statementsNaming indexes the statements of stmts, then more, by the
// leaned terms they name, in order: each line is split once, so the
// lookup per term costs nothing per statement.
func statementsNaming(leaned map[string]bool, stmts, more []stmt) map[string][]namingStmt {
	out := map[string][]namingStmt{}
	for k, l := range [][]stmt{stmts, more} {
		for _, s := range l {
			seen := map[string]bool{}
			for _, w := range termWords(s.line) {
				if leaned[w] && !seen[w] {
					seen[w] = true
					out[w] = append(out[w], namingStmt{s: s, more: k == 1})
				}
			}
		}
	}
	return out
}

// termWords are the words of a sentence as meansTermRe names them ("ca.internal", "eu-central-1"), split once so terms are looked up, not searched for.
func termWords(s string) []string {
	ws := strings.FieldsFunc(strings.ToLower(s), notMeansRune)
	for i, w := range ws {
		ws[i] = strings.TrimRight(w, ".:-+")
	}
	return ws
}

// namedElsewhere reports whether a session other than those of sessions
// names t: a tool named in other sessions in other ways ("the bullmq
// dashboard is empty") is the project's subject, not a means two
// sessions settle.
func namedElsewhere(namers []int, sessions map[int]bool) bool {
	for _, at := range namers {
		if !sessions[at] {
			return true
		}
	}
	return false
}

// notMeansRune splits a sentence into words the way meansTermRe names
// them: "ca.internal", "eu-central-1" stay whole, a URL splits at its
// slashes.
func notMeansRune(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' || r == '@' || r == ':' || r == '+')
}

// meansLine words the setting: the first clause naming the means that
// states it as a line of its own, its lean on the others set aside, else
// "Use <means>, like the rest of the project.", which says what the
// person said: that it is what this project uses.
func meansLine(l []meansUse, t string) string {
	for _, u := range l {
		// "time column is timestamptz like all the others" states it
		// once the lean is set aside.
		c := strings.TrimSpace(conventionRe().ReplaceAllString(u.clause, " "))
		leans := meansLeanRe().MatchString(c) || leanTermRe().MatchString(c)
		for {
			x := fillerRe().ReplaceAllString(c, "")
			if x == c {
				break
			}
			c = strings.TrimSpace(x)
		}
		if leans || c == "" || continuesRe().MatchString(c) || strings.Contains(c, ": ") || imperative(c) || verbFirst(c) || pronounLeadRe().MatchString(c) || !stateVerbRe().MatchString(c) ||
			planRe().MatchString(c) || hypotheticalRe().MatchString(c) || len(factTerms(c)) < 3 || !standsAlone(c) {
			continue
		}
		return asLine(c)
	}
	return "Use " + t + ", like the rest of the project."
}
