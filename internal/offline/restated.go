package offline

import (
	"slices"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A fact of the project is often stated in passing in one session and
// stated again, in other words and with no marker, in a later one: "the
// rate limiting uses the redis policy", then "the limiter stays on the
// redis policy"; "the PURGE from the CMS comes only from 10.8.0.0/24",
// then "only the CMS network 10.8.0.0/24 can send PURGE". Neither
// sentence is an instruction and neither leans back ("like before"), so
// the look-ups of recur.go and means.go find nothing, yet the person has
// said twice how the project is. Two clauses of two sessions that state
// how something is (a subject and a verb of being, going or using, no
// request, no question, no plan, no trouble) and share two terms or more,
// one of them a name the person does not use all the time, are that fact
// said twice. The earliest clause that states it words it.

// requestClauseRe is a clause that asks for the day's work or wishes,
// however it is put: "the page needs a query", "I'd like", "could you",
// "we need", "it would be nice". Its state verb describes a task.
var requestClauseRe = lazyregexp.New(`(?i)\b(?:needs?|needed|wants?|would|could|can you|please|pls|let'?s|i'?d|i am|i'?m|i was|i will|i'?ll|we need|we want|hoping|add|make sure|todo)\b`)

// consequenceRe is what a statement goes on to draw from itself: "…
// are UTC with an offset so load them straight in". The fact ends
// before it.
var consequenceRe = lazyregexp.New(`(?i)\s+(?:so|so that|which means|therefore|hence|that'?s why|which is why)\s.*$`)

// otherProjectSaidRe is a sentence about something other than the project, or
// said by someone else: another project or job ("in my other project the
// beat runs on Heroku"), a person's own machine ("Mark's laptop is on
// Ubuntu 22"), or reported speech ("it says the consumer is on partition
// 3", "the docs say …"). What it states is no fact of the project.
var otherProjectSaidRe = lazyregexp.New(`(?i:\b(?:my other project|another project|at my day job|it says|the docs say|they said)\b)|\b[A-Z][a-z]+['\x{2019}]s (?:laptop|machine|box|computer)\b`)

// credentialWordRe names a credential: a sentence with one may carry its
// value in words the redactor does not see ("the Postgres password is
// hunter2hunter2 on the staging box"), and must never be worded as a
// line.
var credentialWordRe = lazyregexp.New(`(?i)\b(?:password|passwd|passphrase|token|secret|api[ _-]?key|apikey|credentials?|login|private key|access key)s?\b`)

// evaluativeClauseRe is a clause that judges or wishes rather than states how
// things are: "the image is huge", "the README is out of date", "the
// module is a mess honestly", "the goal is a score of 90".
var evaluativeClauseRe = lazyregexp.New(`(?i)\b(?:huge|slow|out of date|a mess|broken|flaky|ugly|goal|target|honestly)\b`)

// negatedClause reports whether a clause denies what it says ("the chart
// is not on the registry"), so that a later clause affirming it states a
// change, not the same fact.
func negatedClause(c string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(c), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '\u2019'
	}) {
		switch w {
		case "not", "never", "no", "cannot":
			return true
		}
		if strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n\u2019t") {
			return true
		}
	}
	return false
}

// clauseWords are a clause's lower-cased words, for comparing two
// wordings word by word (swappedValue).
func clauseWords(c string) []string {
	ws := strings.FieldsFunc(strings.ToLower(c), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._/-`", r)
	})
	for i, w := range ws {
		ws[i] = strings.Trim(w, "._/-`")
	}
	return ws
}

// swappedValue reports whether two clauses put different words in one
// place: a word only a has and a word only b has between the same
// neighbours ("in the staging branch", "in the main branch"). The two
// state different values of one setting, so neither restates the other.
func swappedValue(a, b string) bool {
	x, _ := swappedPair(a, b)
	return x != ""
}

// swappedPair is the word only a has and the word only b has in one
// place (swappedValue), lower-cased, or "" and "".
func swappedPair(a, b string) (string, string) {
	aw, bw := clauseWords(a), clauseWords(b)
	// Only a term can be a value: "is" and "are" in one place are one
	// verb.
	// "still", "too" lean on what was said before, and "one" stands for
	// the thing named before it ("the ligand still is the CGenFF one"
	// against "… is from CGenFF server"): no value either.
	term := func(w string) bool {
		return len(textkey.Terms(w)) > 0 && w != "one" && w != "ones" && !backRefRe().MatchString(w)
	}
	at := func(ws []string, i int) string {
		if i < 0 || i >= len(ws) {
			return ""
		}
		return ws[i]
	}
	for i, x := range aw {
		if slices.Contains(bw, x) {
			continue
		}
		for j, y := range bw {
			if slices.Contains(aw, y) || sameWord(x, y) || !term(x) || !term(y) {
				continue
			}
			prev, next := at(aw, i-1), at(aw, i+1)
			if prev == at(bw, j-1) && next == at(bw, j+1) && prev+next != "" {
				return x, y
			}
		}
	}
	return "", ""
}

// relativeLeadRe opens a clause whose subject is in the clause before it:
// "which is timestamptz", "who left the gateways".
var relativeLeadRe = lazyregexp.New(`(?i)^(?:which|who|whose|where|that|so|and|or|but)\b`)

// firstPersonLeadRe is a clause about the person or the team rather than
// the project: "I merged …", "we deployed …".
var firstPersonLeadRe = lazyregexp.New(`(?i)^(?:i|we|you|my|me|our team)\b`)

// restatedFanout is the most clauses a word may be in and still tie two
// of them (restatedFacts).
const restatedFanout = 64

// restatedClause is one clause a person wrote that states something.
type restatedClause struct {
	said   int    // index into said
	clause string // the clause, lead-ins stripped
	terms  []string
	names  map[string]bool
	words  bool // states it well enough to word a line
}

// narrationRe is a clause telling what happened rather than how things
// are: "Redis was restarting", "the team left the gateways untouched
// yesterday".
var narrationRe = lazyregexp.New(`(?i)\b(?:was|were|had|did|now|yesterday|last (?:week|night|time)|this morning|ago)\b`)

// weekEventRe is a clause about the week's events or the day's order of
// work, no lasting state: "we have just finished one migration", "the
// collection goes live on Friday and marketing has been on my case since
// Monday", "the first stack to recreate is the session table".
var weekEventRe = lazyregexp.New(`(?i)\b(?:since|this week|(?:has|have) (?:just |already )?(?:been|\w+ed)|(?:on |by |until |next |this )(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|^the (?:first|next|last) \w+ to \w+`)

// factClauses are the clauses of sentence s that state something about
// the project, each reporting whether it states how something is well
// enough to word a memory line on its own (a verb of being, going or
// using, three terms, no back-reference); the others can only confirm
// such a line. A question states nothing, nor does a clause about
// something going wrong, a request, a plan or what happened.
func factClauses(s string) (out []string, words []bool) {
	if strings.Contains(s, "?") || otherProjectSaidRe().MatchString(s) || credentialWordRe().MatchString(s) {
		return nil, nil
	}
	for _, c := range clauseSplitRe().Split(strings.TrimSpace(s), -1) {
		c = strings.TrimSpace(c)
		for {
			t := strings.TrimSpace(fillerRe().ReplaceAllString(c, ""))
			t = strings.TrimSpace(hedgeLeadRe().ReplaceAllString(t, "${1}"))
			if t == c {
				break
			}
			c = t
		}
		if c == "" || imperative(c) || evaluativeClauseRe().MatchString(c) || pronounLeadRe().MatchString(c) || reportsTrouble(c) || narrationRe().MatchString(c) || weekEventRe().MatchString(c) ||
			firstPersonLeadRe().MatchString(c) || planRe().MatchString(c) || hypotheticalRe().MatchString(c) ||
			asksForOneRe().MatchString(c) || requestClauseRe().MatchString(c) || oneOffRe().MatchString(c) ||
			unsettled(c) || changedSetting(c) || goneRe().MatchString(c) || droppedRe().MatchString(c) {
			continue
		}
		// "only the CMS network can send PURGE": "only" opens the
		// subject, not a clause whose subject went before.
		rest := strings.TrimPrefix(strings.TrimPrefix(c, "only "), "Only ")
		out = append(out, c)
		words = append(words, !relativeLeadRe().MatchString(c) && stateVerbRe().MatchString(c) && !verbFirst(rest) && len(factTerms(c)) >= 3 && !backRefRe().MatchString(c) && standsAlone(c) && !bareExistence(c))
	}
	return out, words
}

// existenceRe is a clause that only says a thing exists: "there is one
// library chart", "there are two queues".
var existenceRe = lazyregexp.New(`(?i)^there(?:'s|\s+(?:is|are|was|were))\s`)

// bareExistence reports whether a clause only introduces something without
// naming it ("there is one library chart, charts/common, which …" cut at
// its first comma): what the thing is and how it works comes in the
// clauses after it, so it words no memory line; one that names it exactly
// ("there is a Makefile target for it", "there are two queues on port
// 5672") still does.
func bareExistence(c string) bool {
	return existenceRe().MatchString(c) && !concrete(c)
}

// restatedFacts returns the statements of facts stated in two sessions or
// more in other words (see above), one per session, worded alike so that
// they group. A fact a statement (stmts, more) words already is left to it.
func restatedFacts(stmts []stmt, said []source, more []stmt) []stmt {
	// First the cheap terms of each sentence: only a sentence sharing two
	// terms, a name among them, with a sentence of another session can
	// state a fact twice, and only those are read clause by clause (the
	// regexps of factClauses cost far more than the terms).
	st := make([]termsOf, len(said))
	for i, s := range said {
		if !strings.Contains(s.quote, "?") {
			st[i] = termsOf{factTerms(s.quote), nameTerms(s.quote)}
		}
	}
	sidx := newTermIndex(len(said), func(i int) []string { return st[i].terms })
	cand := make([]bool, len(said))
	sseen := make([]bool, len(said))
	var snear []int
	for i := range said {
		snear = snear[:0]
		for _, t := range st[i].terms {
			if l := sidx.byKey[wordKey(t)]; len(l) <= 4*restatedFanout {
				for _, j := range l {
					if j > i && !sseen[j] && !(cand[i] && cand[j]) && said[j].session != said[i].session {
						sseen[j] = true
						snear = append(snear, j)
					}
				}
			}
		}
		for _, j := range snear {
			sseen[j] = false
		}
		for _, j := range snear {
			if cand[i] && cand[j] {
				continue
			}
			if n, named, _ := linked(st[i].terms, st[i].names, st[j].terms, st[j].names, neverCommon); n >= 2 && named {
				cand[i], cand[j] = true, true
			}
		}
	}
	var cs []restatedClause
	for i, s := range said {
		if !cand[i] {
			continue
		}
		cl, ws := factClauses(s.quote)
		if len(cl) == 0 {
			continue
		}
		// A word written as a name anywhere in the sentence ("the shared
		// Redis") is one in each of its clauses ("uses the redis policy").
		names := st[i].names
		for k, c := range cl {
			cs = append(cs, restatedClause{said: i, clause: c, terms: factTerms(c), names: names, words: ws[k]})
		}
	}
	if len(cs) < 2 {
		return nil
	}
	// A correction or a global rule said again is the corrections'
	// business (corrected.go): a group holding one of its sentences is
	// left to it.
	ruled := map[string]bool{}
	for _, s := range stmts {
		if s.correction || s.global {
			ruled[strings.ToLower(s.src.quote)] = true
		}
	}
	idx := newTermIndex(len(cs), func(i int) []string { return cs[i].terms })
	// Clauses that state one thing form a group (union-find).
	parent := make([]int, len(cs))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	seen := make([]bool, len(cs))
	var near []int
	for i, a := range cs {
		// Only the clauses sharing a word few clauses use are read: a
		// word in every other clause ("page", "test") is the project's
		// everyday vocabulary, and reading every clause it is in for
		// every clause would make a long history quadratic.
		near = near[:0]
		for _, t := range a.terms {
			if l := idx.byKey[wordKey(t)]; len(l) <= restatedFanout {
				for _, j := range l {
					if j > i && !seen[j] {
						seen[j] = true
						near = append(near, j)
					}
				}
			}
		}
		for _, j := range near {
			seen[j] = false
		}
		for _, j := range near {
			b := cs[j]
			if said[a.said].session == said[b.said].session || !a.words && !b.words {
				continue
			}
			if n, named, _ := linked(a.terms, a.names, b.terms, b.names, neverCommon); n >= 2 && named {
				parent[find(j)] = find(i)
			}
		}
	}
	groups := map[int][]int{}
	var roots []int
	for i := range cs {
		r := find(i)
		if len(groups[r]) == 0 {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], i)
	}
	var out []stmt
	for _, r := range roots {
		g := groups[r]
		sessions := map[int]bool{}
		wording := -1
		for _, i := range g {
			sessions[said[cs[i].said].session] = true
			if cs[i].words && (wording < 0 || before(said[cs[i].said], said[cs[wording].said])) {
				wording = i
			}
		}
		for _, i := range g {
			if ruled[strings.ToLower(said[cs[i].said].quote)] {
				wording = -1
				break
			}
		}
		if len(sessions) < 2 || wording < 0 {
			continue
		}
		w := cs[wording]
		if changedFact(cs, g, wording, said) || wordedAlready(cs, g, stmts, more) {
			continue
		}
		line := asLine(consequenceRe().ReplaceAllString(w.clause, ""))
		done := map[int]bool{}
		for _, i := range g {
			s := said[cs[i].said]
			if done[s.session] {
				continue
			}
			done[s.session] = true
			src := s
			if i == wording {
				src.quote = line
			}
			out = append(out, stmt{line: line, src: src})
		}
	}
	return out
}

// neverCommon is linked's common for restatedFacts: no shared word is
// ruled out as too common, since the fanout cap of the term index already
// keeps everyday words from tying clauses.
func neverCommon(string) bool { return false }

// changedFact reports whether a clause of a group says something other
// than the wording clause: one denies what the other says, one puts
// another value in the same place, or the newer supersedes the older
// ("the config is in the staging branch", then "… in the main branch").
// The fact changed, and the earliest wording would be stale.
func changedFact(cs []restatedClause, g []int, wording int, said []source) bool {
	w := cs[wording]
	for _, i := range g {
		c := cs[i]
		if i == wording || said[c.said].session == said[w.said].session {
			continue
		}
		newer, older := c.clause, w.clause
		if before(said[c.said], said[w.said]) {
			newer, older = older, newer
		}
		if negatedClause(c.clause) != negatedClause(w.clause) || swappedValue(c.clause, w.clause) || supersedes(newer, older) {
			return true
		}
	}
	return false
}

// wordedAlready reports whether a statement already words the fact a
// group of clauses states (a statement that stands on its own, or one
// recurring already): one sharing two terms with a clause, a name
// among them, or a name written as code ("TIMESTAMP_NTZ for the
// churned_at as usual" words the timestamps' type already). A second
// wording would be a duplicate.
func wordedAlready(cs []restatedClause, g []int, stmts, more []stmt) bool {
	for k, l := range [][]stmt{stmts, more} {
		for _, s := range l {
			if k == 0 && !s.lasting && !s.global {
				// Said once with no marker, it stands only by
				// recurring, and then groups with these clauses.
				continue
			}
			st, sn := factTerms(s.line), nameTerms(s.line)
			for _, i := range g {
				if n, named, code := linked(cs[i].terms, cs[i].names, st, sn, neverCommon); n >= 2 && named || code {
					return true
				}
			}
		}
	}
	return false
}
