package offline

import (
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A fact of the project is often said once in passing and, sessions later,
// named again as a thing already settled: "for queues we have Beanstalk",
// then "and a Beanstalk tube for the mailer too, same as the others". The
// second mention is short and leans on the first ("the same way", "like
// before", "still"); neither reads as an instruction, so no marker makes
// either stand, yet the person has said it twice. The back-reference is the
// signal: a sentence that says a thing is done as before, and names it as
// an earlier session's sentence did, makes that earlier sentence recur.
// The earlier wording words the fact; the back-reference never does.

// backRefRe is a person saying a thing is done as already settled: "like
// before", "the same way", "like everywhere else", "still", and "too" that
// ends its clause ("… for the export too"; "too slow" says how much).
var backRefRe = lazyregexp.New(`(?i)\b((like|as) (before|always|usual|everywhere( else)?|last time|(all )?the (others|other ones|rest)|the other \w+)|(the )?same (way|as|like)|still|as well|like everything else)\b|\btoo\s*(?:[,.;:!?)]|$)`)

// troubleRe is a sentence about something going wrong: "still fails",
// "the same error as before" report a problem, they settle nothing.
var troubleRe = lazyregexp.New(`(?i)\b(fail\w*|broken|break\w*|errors?|crash\w*|bugs?|buggy|wrong|flaky|slow|hangs?|timeouts?|timed out|missing|doesn'?t work|not working|issues?|problems?|warnings?|weird|trouble|unable|can'?t|cannot|red)\b`)

// failureRuleRe is where failures are sent, said as a rule: "on failure,
// page the on-call", "errors go to Sentry", "failures are posted to
// #ops". Its "failure" names what the rule handles, not something that
// went wrong.
var failureRuleRe = lazyregexp.New(`(?i)\bon (?:failure|error)s?\b|\b(?:failures?|errors?)\s+(?:go(?:es)?|get|are|is)\s+(?:sent|routed|posted|reported|to|into|through|via)\b`)

// reportsTrouble reports whether a sentence is about something going
// wrong (troubleRe), where failures are sent by rule aside.
func reportsTrouble(s string) bool {
	return troubleRe().MatchString(failureRuleRe().ReplaceAllString(s, ""))
}

// stateVerbRe is a sentence stating how something is or is done: "the
// tubes are declared in …", "we have Beanstalk", "reads from s3://…",
// "should run on the pinned snapshot".
var stateVerbRe = lazyregexp.New(`(?i)\b(is|are|have|has|uses?|go(es)?|reads?|writes?|runs?|stays?|lives?|holds?|keeps?|covers?|contains?|includes?|should|must|needs?|comes?|through|via|only)\b`)

// termsOf are a sentence's fact terms and its names (nameTerms).
type termsOf struct {
	terms []string
	names map[string]bool
}

// restatements returns the statements that back-references make of what
// earlier sessions said. For each sentence that refers back ("…, the
// same way") it finds the sentence of an earlier session that names the
// same thing: a statement already mined gains the back-reference as a
// second session; a plain sentence that states how something is becomes a
// statement with it, worded by its clauses that name the shared thing.
// A sentence a back-reference joins to a statement is the statement's
// instance ("new /refunds handler into app/handlers.rb like the others"),
// so drop says which statements of its own to leave out.
func restatements(stmts []stmt, said []source, common func(string) bool) (out []stmt, drop map[int]bool) {
	drop = map[int]bool{}
	memo := map[string]termsOf{}
	get := func(s string) termsOf {
		if t, ok := memo[s]; ok {
			return t
		}
		t := termsOf{factTerms(s), nameTerms(s)}
		memo[s] = t
		return t
	}
	// What each sentence is on its own is found once: the pairs below are
	// every back-reference against every earlier sentence, and the tests
	// run per pair made a long history quadratic in regexp matches
	// (BenchmarkRestatements).
	stmtLow := make([]string, len(stmts))
	stmtOff := make([]bool, len(stmts)) // no earlier statement a back-reference can lean on
	for i, a := range stmts {
		stmtLow[i] = strings.ToLower(a.src.quote)
		stmtOff[i] = planRe().MatchString(a.line) || hypotheticalRe().MatchString(a.line) || reportsTrouble(a.src.quote)
	}
	saidOff := make([]bool, len(said)) // no earlier sentence to word a fact from
	back := make([]bool, len(said))
	for i, a := range said {
		back[i] = refersBack(a.quote)
		saidOff[i] = strings.Contains(a.quote, "?") || reportsTrouble(a.quote) || backRefRe().MatchString(a.quote)
	}
	// A back-reference is linked only to sentences sharing a word with it
	// (linked), so each looks at those alone.
	stmtIdx := newTermIndex(len(stmts), func(i int) []string {
		if stmtOff[i] {
			return nil
		}
		return get(stmts[i].src.quote).terms
	})
	saidIdx := newTermIndex(len(said), func(i int) []string {
		if saidOff[i] {
			return nil
		}
		return get(said[i].quote).terms
	})
	var names *namingIndex
	naming := func() *namingIndex {
		if names == nil {
			names = newNamingIndex(said, func(i int) []string { return get(said[i].quote).terms })
		}
		return names
	}
	for bi, b := range said {
		if !back[bi] {
			continue
		}
		bt := get(b.quote)
		low := []string{strings.ToLower(b.quote)}
		var own []int
		settled := false
		for i, s := range stmts {
			if s.src.session == b.session && saidIn(stmtLow[i], low) {
				own = append(own, i)
				// A correction or a global rule said again is the
				// corrections' business (corrected.go).
				settled = settled || s.correction || s.global
			}
		}
		if settled {
			continue
		}
		// An earlier statement first: its wording was chosen already.
		best, bestShared := -1, 0
		for _, i := range stmtIdx.near(bt.terms) {
			a := stmts[i]
			if drop[i] || a.src.session == b.session || !before(a.src, b) {
				continue
			}
			at := get(a.src.quote)
			n, named, code := linked(at.terms, at.names, bt.terms, bt.names, common)
			if (named && (n >= 2 || code) || n == 1 && rareLink(at.terms, b.quote, b.session, a.src.session, said, get)) && n > bestShared {
				best, bestShared = i, n
			}
		}
		if best >= 0 {
			a := stmts[best]
			out = append(out, stmt{line: a.line, src: b})
			for _, i := range own {
				if sharesName(stmts[i].line, a.line) {
					// "new /refunds handler into app/handlers.rb like
					// the others": the rule's instance, not a second
					// rule.
					drop[i] = true
				}
			}
			continue
		}
		var from *source
		var line string
		bestShared = 0
		for _, i := range saidIdx.near(bt.terms) {
			a := &said[i]
			if a.session == b.session || !before(*a, b) {
				continue
			}
			at := get(a.quote)
			n, named, code := linked(at.terms, at.names, bt.terms, bt.names, common)
			if !named || n < 2 && !pathShared(at.names, bt.names) && !(code && rareCode(at.terms, bt.terms, a.session, b.session, naming())) || n <= bestShared {
				continue
			}
			// ("the order form needs a coupon field" asks for the day's
			// work: a second session asking for the same is no fact.)
			l := namingClauses(a.quote, bt.terms)
			if l == "" || !stateVerbRe().MatchString(l) || verbFirst(l) || len(factTerms(l)) < 3 || !standsAlone(l) || planRe().MatchString(l) || hypotheticalRe().MatchString(l) || asksForOneRe().MatchString(l) {
				continue
			}
			from, line, bestShared = a, asLine(l), n
		}
		if from == nil {
			continue
		}
		a := *from
		a.quote = line
		mine := false
		for _, i := range own {
			if namedByStmt(stmts[i:i+1], nameTerms(line), bt.names) {
				// "a Beanstalk tube for the mailer too, same as the
				// others" read as a statement of its own: the
				// instance, worded by the earlier sentence.
				drop[i], mine = true, true
			}
		}
		if !mine && namedByStmt(stmts, nameTerms(line), bt.names) {
			// A statement names the thing already, in other words: the
			// fact is there, and a second wording of it would be a
			// duplicate.
			continue
		}
		out = append(out, stmt{line: line, src: a}, stmt{line: line, src: b})
	}
	return out, drop
}

// meansRe is a thing named as the means right before the back-reference:
// "the invoice emails rendered with mustache too", "signed via cosign like
// the release images".
var meansRe = lazyregexp.New(`(?i)\b(?:through|thru|via|on|with|using)\s+([\w.-]+),?\s+(?:too|as well|like|as|the same|same)\b`)

// rareLink reports whether the back-reference names as its means, in
// plain words, a thing of the rule's that the person names in no session but
// these two: a tool or a library too little known to be written as a name
// ("templates stay on mustache", then "the emails rendered with mustache
// too"). A word said in a third session is the project's everyday
// vocabulary, not the rule's subject.
func rareLink(rule []string, ref string, bs, as int, said []source, get func(string) termsOf) bool {
	for _, m := range meansRe().FindAllStringSubmatch(ref, -1) {
		t := textkey.Stem(strings.ToLower(strings.Trim(m[1], ".-")))
		if !subjectTerm(t) || len(t) < 3 {
			continue
		}
		named := false
		for _, u := range rule {
			if sameWord(t, u) {
				named = true
				break
			}
		}
		if !named {
			continue
		}
		rare := true
		for _, q := range said {
			if q.session == bs || q.session == as {
				continue
			}
			for _, u := range get(q.quote).terms {
				if sameWord(t, u) {
					rare = false
					break
				}
			}
			if !rare {
				break
			}
		}
		if rare {
			return true
		}
	}
	return false
}

// termIndex finds the sentences that share a word with another: sameWord
// only ever matches two words that begin alike (equal, or plain words of
// five letters or more with a common start), so the first five bytes of a
// plain word, or the whole term, is a key both words share.
type termIndex struct {
	byKey map[string][]int
	seen  []bool
}

func newTermIndex(n int, terms func(i int) []string) *termIndex {
	x := &termIndex{byKey: map[string][]int{}, seen: make([]bool, n)}
	for i := 0; i < n; i++ {
		for _, t := range terms(i) {
			k := wordKey(t)
			if l := x.byKey[k]; len(l) == 0 || l[len(l)-1] != i {
				x.byKey[k] = append(l, i)
			}
		}
	}
	return x
}

// near returns, in increasing order, the sentences with a word that may
// be one of terms.
func (x *termIndex) near(terms []string) []int {
	var out []int
	for _, t := range terms {
		for _, i := range x.byKey[wordKey(t)] {
			if !x.seen[i] {
				x.seen[i] = true
				out = append(out, i)
			}
		}
	}
	for _, i := range out {
		x.seen[i] = false
	}
	slices.Sort(out)
	return out
}

// wordKey is the key sameWord's matches share.
func wordKey(t string) string {
	if len(t) >= 5 && strings.IndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
		return t[:5]
	}
	return t
}

// verbFirst reports whether a clause opens with its verb, its subject left
// in a clause before it ("…, which run Debian 12"): no line on its own.
func verbFirst(clause string) bool {
	f := strings.Fields(clause)
	return len(f) > 0 && stateVerbRe().MatchString(f[0]) && stateVerbRe().FindString(f[0]) == strings.Trim(f[0], ",.;:")
}

// refersBack reports whether a sentence says a thing is done as already
// settled, and is neither a question nor about something going wrong.
func refersBack(s string) bool {
	return backRefRe().MatchString(s) && !reportsTrouble(s) && !strings.Contains(s, "?") &&
		!questRe().MatchString(s) && !tagQuestionRe().MatchString(s) && !unsettled(s)
}

// unsettledRe is a sentence that names a thing to change it or says it is
// not settled yet: "update whatever still points at nas-1", "the README
// still says 2.19", "PR 412 still waits for review". Its "still" is the
// old value's or the moment's, and confirms nothing.
var unsettledRe = lazyregexp.New(`(?i)\b(mov(?:ed|ing)|switch(?:ed|ing)|migrat(?:ed|ing)|chang(?:ed|ing)|retir(?:ed|ing)|decommission\w*|replac(?:ed|ing)|renam(?:ed|ing)|upgrad(?:ed|ing)|bump(?:ed|ing)|no longer|any ?more|updat(?:e|ed|ing)|fix(?:ed|ing)?|points? (?:at|to)|says|said|wait(?:s|ing)?|pending|open|in review|blocked|not yet|for now|being \w+ed)\b`)

// keptSameRe is a change denied: "the topology not changed", "the port
// hasn't moved", "the intrinsics have not been renamed". It says the thing
// is as it was, so it settles it, unless "yet" says the change is still
// to come ("hasn't moved yet").
var keptSameRe = lazyregexp.New(`(?i)\b(?:not|never|(?:has|have|had|did|was|were|is|are)\s*(?:not|n't))\s+(?:been\s+)?(?:chang|mov|renam|replac|switch|migrat|upgrad|bump)(?:ed|ing)\b(?:\s+yet\b)?`)

// unsettled reports whether a sentence names a thing to change it or says
// it is not settled yet (unsettledRe); a denied change ("the topology not
// changed") confirms what it names instead.
func unsettled(s string) bool {
	if !unsettledRe().MatchString(s) {
		return false
	}
	if l := strings.ToLower(s); !strings.Contains(l, "not") && !strings.Contains(l, "n't") && !strings.Contains(l, "never") {
		return true // no denial in any case to take out ("Not changed", "Never moved" open sentences)
	}
	rest := keptSameRe().ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasSuffix(strings.ToLower(m), "yet") {
			return m
		}
		return " "
	})
	return unsettledRe().MatchString(rest)
}

// namedByStmt reports whether a statement names one of the names of line
// that the back-reference names too.
func namedByStmt(stmts []stmt, line, ref map[string]bool) bool {
	for _, s := range stmts {
		for n := range nameTerms(s.line) {
			if line[n] && ref[n] {
				return true
			}
		}
	}
	return false
}

// linked counts the terms two sentences share (a short word opening a
// longer one counts: "GoldenFile", "GoldenFileHarness") and
// reports whether one of them is a name (written as code, a value, or a
// proper name) and whether one is written as code; a word the person
// uses all the time ties nothing.
func linked(at []string, an map[string]bool, bt []string, bn map[string]bool, common func(string) bool) (shared int, named, code bool) {
	for _, t := range at {
		if !subjectTerm(t) && !an[t] {
			continue
		}
		for _, u := range bt {
			if !sameWord(t, u) {
				continue
			}
			shared++
			if (an[t] || bn[u]) && !common(t) {
				named = true
				code = code || isCodeTerm(t) || isCodeTerm(u)
			}
			break
		}
	}
	return shared, named, code
}

// sameWord reports whether two terms are one word: equal, or plain words
// in two forms (sameStemmed). A word is not the first part of a file or a
// dotted name ("export", "export.pl").
func sameWord(a, b string) bool {
	if a == b {
		return true
	}
	if baseNamed(a, b) || baseNamed(b, a) {
		return true
	}
	plain := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
	}
	return plain(a) && plain(b) && sameStemmed(a, b)
}

// baseNamed reports whether file is the base name of the path p: a file
// written with its directory once ("config/calib_cam0.yml") and by its
// name alone later ("calib_cam0.yml") is one file.
func baseNamed(p, file string) bool {
	return len(p) > len(file) && strings.HasSuffix(p, file) && p[len(p)-len(file)-1] == '/' && path.Ext(file) != "" && fileLike(file)
}

// isCodeTerm reports whether a term is written as code: a path, a dotted
// or underscored name, a value with a digit.
func isCodeTerm(t string) bool {
	return strings.ContainsAny(t, "/_.`$()") || strings.IndexFunc(t, unicode.IsDigit) >= 0
}

// nameTerms are the terms of a sentence written as names: code names and
// values (lower-cased as terms are), channels and handles (#ops-alerts),
// and words with a capital past the sentence's first word (Beanstalk,
// FATAL).
func nameTerms(s string) map[string]bool {
	m := map[string]bool{}
	for n := range codeNames(s) {
		m[n] = true
	}
	for t := range valueTerms(factTerms(s)) {
		m[strings.Trim(t, "`")] = true
	}
	for _, f := range strings.Fields(s) {
		// A channel or a handle: "#ops-alerts", "@release-bot".
		f = strings.Trim(f, ",;:.!?()\"'")
		if len(f) > 2 && (f[0] == '#' || f[0] == '@') && unicode.IsLetter(rune(f[1])) {
			for _, t := range factTerms(f[1:]) {
				m[t] = true
			}
		}
	}
	for i, w := range strings.FieldsFunc(s, notNameRune) {
		if i == 0 || w == "I" || len(w) < 3 {
			continue
		}
		if unicode.IsUpper([]rune(w)[0]) || isName(w) {
			m[strings.ToLower(w)] = true
		}
	}
	return m
}

// pathShared reports whether two sentences name one file path: specific
// enough to tie them on its own.
func pathShared(a, b map[string]bool) bool {
	for n := range a {
		if b[n] && strings.Contains(strings.Trim(n, "/"), "/") && path.Ext(n) != "" {
			return true
		}
	}
	return false
}

// continuesRe opens a clause that goes on about the thing the clause
// before it names: "not …", "which …".
var continuesRe = lazyregexp.New(`(?i)^\s*(not|which)\s`)

// namingClauses is the part of a sentence that names what the other
// sentence's terms name: the clause naming most of them, with the clauses
// next to it that continue it (a name set off by commas, a list's items,
// "not …" after it). "" when no clause names any.
func namingClauses(s string, terms []string) string {
	clauses := clauseSplitRe().Split(strings.TrimSpace(s), -1)
	hits := make([]int, len(clauses))
	best := -1
	for i, c := range clauses {
		for _, t := range factTerms(c) {
			for _, u := range terms {
				if sameStemmed(t, u) {
					hits[i]++
					break
				}
			}
		}
		if hits[i] > 0 && (best < 0 || hits[i] > hits[best]) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	lo, hi := best, best
	for lo > 0 && hits[lo-1] > 0 {
		lo--
	}
	if len(strings.Fields(clauses[lo])) <= 2 && lo > 0 {
		// "…on the pinned snapshot, data/snap_2024.db, …": the name
		// set off by commas belongs to the clause before it.
		lo--
	}
	for hi+1 < len(clauses) && (hits[hi+1] > 0 || continuesRe().MatchString(clauses[hi+1])) {
		// The clauses that go on naming it: a list's items, "not …",
		// "which is read-only" about the name before it.
		hi++
	}
	out := strings.Join(clauses[lo:hi+1], ", ")
	for {
		t := fillerRe().ReplaceAllString(out, "")
		if t == out {
			break
		}
		out = t
	}
	return strings.TrimSpace(out)
}

// A fact said once in passing is often named again, sessions later, by the
// one word that is its subject: a tool, a library, a type the project
// settled on ("release notes go through towncrier", then "towncrier
// fragment for the cache fix too"; "coordinates are FixedPoint", then
// "FixedPoint, like every position field"). The two sentences share that
// word and little else, and a word shared by two sentences ties nothing on
// its own: the project's everyday words are in every session. A word the person names in those two
// sessions and in no other is the subject they came back to.

// namingIndex says in which sessions the person names each term, keyed as
// termIndex is so that the forms sameWord joins are looked up together.
type namingIndex struct {
	byKey map[string][]termAt
}

// termAt is a term as said in one session.
type termAt struct {
	term    string
	session int
}

// newNamingIndex indexes the terms (terms(i) for sentence i of said) by the
// sessions that name them, once per session.
func newNamingIndex(said []source, terms func(i int) []string) *namingIndex {
	x := &namingIndex{byKey: map[string][]termAt{}}
	seen := map[termAt]bool{}
	for i, s := range said {
		for _, t := range terms(i) {
			at := termAt{t, s.session}
			if !seen[at] {
				seen[at] = true
				k := wordKey(t)
				x.byKey[k] = append(x.byKey[k], at)
			}
		}
	}
	return x
}

// namedOnlyIn reports whether no session but a and b names t.
func (x *namingIndex) namedOnlyIn(t string, a, b int) bool {
	for _, at := range x.byKey[wordKey(t)] {
		if at.session != a && at.session != b && sameWord(t, at.term) {
			return false
		}
	}
	return true
}

// rareCode reports whether two sentences share a name written as code
// (a database role like app_ro, a dotted key) that the person names in
// their two sessions and in no other: exact enough to tie a
// back-reference to the sentence it leans on by that name alone.
func rareCode(at, bt []string, as, bs int, idx *namingIndex) bool {
	for _, t := range at {
		if !isCodeTerm(t) || !subjectTerm(t) || len(t) < 4 {
			continue
		}
		if slices.Contains(bt, t) && idx.namedOnlyIn(t, as, bs) {
			return true
		}
	}
	return false
}

// settledAgain reports whether a sentence names a thing as already
// settled or says it once more: "…, like every position field", "… for
// the cache fix too", "locust again for the checkout scenario". A question
// settles nothing, nor does a request to run something again.
func settledAgain(s string) bool {
	if strings.Contains(s, "?") {
		return false
	}
	return settledBefore(s) || againRe().MatchString(s) && !retryAsk(s)
}

// settledBefore reports whether a sentence leans on what was settled
// before ("…, like every position field", "as usual"), not only on an
// "again" that may tell a thing went wrong again.
func settledBefore(s string) bool {
	return backRefRe().MatchString(s) && !unsettled(s) || conventionRe().MatchString(s)
}

// nameAgain reports whether s says "again" right after a word that term
// stems from ("locust again for the checkout scenario"): the thing named
// once more. "again" later in the sentence tells what happened to it
// ("the mailer bounced the digest again") or to something else ("the
// uploads are on the old bucket again").
func nameAgain(s, term string) bool {
	for _, m := range nameAgainRe().FindAllStringSubmatch(s, -1) {
		if strings.HasPrefix(strings.ToLower(m[1]), term) {
			return true
		}
	}
	return false
}

// nameAgainRe is a word followed by "again", the word in group 1.
var nameAgainRe = lazyregexp.New(`(?i)([\w.@/+-]+)\s+again\b`)

// usedRe is a thing named as what something is done with or through:
// "release notes go through towncrier", "load tests go in locust",
// "render it using mustache".
var usedRe = lazyregexp.New(`(?i)\b(?:through|thru|via|with|using|uses?|in)\s+([\w.@/+-]+)`)

// usedTerms are the terms a sentence names as what a thing is done with.
func usedTerms(s string) map[string]bool {
	m := map[string]bool{}
	for _, u := range usedRe().FindAllStringSubmatch(s, -1) {
		for _, t := range factTerms(u[1]) {
			m[t] = true
		}
	}
	return m
}

// rareTie reports whether sentence b of another session names again the
// subject of line, said in session as, by one term alone: a term the
// person names in these two sessions and in no other, that is a name in
// both (FixedPoint) or what the line says a thing is done with ("go
// through towncrier"). b must say it as settled (settledAgain) or, when
// it is a rule of its own (stated), open with it ("flyway migrate for the
// reporting schema"); two rules that share only their subject ("kiln
// shelves are cordierite", "kiln shelves get a wash") are two facts. A
// line in the first person ("I'd like to start with …") is a request of
// the day, one about something going wrong a report, and two
// different values are two settings. An "again" must follow the name it
// repeats ("X was too slow, we're on Y again" names Y again, not X), and
// a sentence that opens with the name to report trouble is no rule.
func rareTie(line string, lineTerms []string, as int, b source, bTerms []string, stated bool, idx *namingIndex) bool {
	if strings.Contains(b.quote, "?") || strings.HasPrefix(line, "I ") || reportsTrouble(line) {
		return false
	}
	settled := settledAgain(b.quote)
	againOnly := settled && !settledBefore(b.quote)
	if !settled && !stated {
		return false
	}
	if va, vb := valueTerms(lineTerms), valueTerms(bTerms); len(va) > 0 && len(vb) > 0 && !intersects(va, vb) {
		return false
	}
	// A name must be one in the person's words too: a word capitalised
	// in pasted output ("Template render error") names nothing of theirs.
	used, named := usedTerms(line), nameTerms(line)
	var opens string
	if f := factTerms(fillerRe().ReplaceAllString(strings.TrimSpace(b.quote), "")); len(f) > 0 {
		opens = f[0]
	}
	names := nameTerms(b.quote)
	if w := strings.FieldsFunc(b.quote, notNameRune); len(w) > 0 && unicode.IsUpper([]rune(w[0])[0]) {
		// "FixedPoint, like every position field.": the name opens it.
		names[strings.ToLower(w[0])] = true
	}
	for _, t := range lineTerms {
		if !subjectTerm(t) || len(t) < 4 || howWords[t] || !(named[t] && names[t]) && !used[t] {
			continue
		}
		if !(settled && (!againOnly || nameAgain(b.quote, t))) && !(stated && used[t] && sameWord(t, opens) && !troubleRe().MatchString(b.quote)) {
			continue
		}
		for _, u := range bTerms {
			if sameWord(t, u) && idx.namedOnlyIn(t, as, b.session) {
				return true
			}
		}
	}
	return false
}

// A setting of the project is often never stated as a rule, only used:
// each request names it in passing as the thing to use ("the host comes
// from API_BASE_URL", then "same API_BASE_URL for the uploads", then
// "API_BASE_URL again for the avatars"). No sentence is an instruction,
// and the look-up above finds nothing when the back-reference comes first
// or the name is in most sessions (it is then one of the project's
// everyday words, which tie no two sentences). A name written as code is
// exact, though: one the person names in two sessions or more, leaning
// back on it at least once ("like the rest" says it was settled before
// any of them), is that setting said again. It is worded by the person's clause
// that states it ("the host comes from API_BASE_URL") or, failing one, by
// the name with the noun before it ("zone ap-south-2").

// hedgeLeadRe is a lead-in that frames a statement rather than being
// part of it: "I believe", "I'm sure", "keep in mind". The setting is the
// rest; a later session confirms it. A "that" after it goes only before
// the statement's own subject ("I think that the host …"), not where it
// is the subject ("I think that works").
var hedgeLeadRe = lazyregexp.New(`(?i)^(?:i (?:believe|think|guess|reckon)|i'?m (?:pretty |fairly )?sure|(?:keep|bear) in mind)\s+(?:that\s+((?:the|our|my|each|every|all|a|an)\s))?`)

// labelValueRe is a clause that is only a noun and the name it labels:
// "zone ap-south-2", "bucket media_v2".
var labelValueRe = lazyregexp.New(`(?i)^([a-z]{4,})\s+(\S+)$`)

// getsRe is a thing said to take what it uses from somewhere: "each worker
// gets its token from VAULT_ADDR".
var getsRe = lazyregexp.New(`(?i)\b(?:gets|takes|pulls|loads)\b`)

// unitNameRe is a name made of a capital and a word ("T-state",
// "Q-values"): a unit or a kind of the project's own, written as a name.
// Everyday words of the shape are no name (everydayUnit).
var unitNameRe = lazyregexp.New(`\b[A-Z]-[a-z]{3,}\b`)

// everydayUnit are English words written as a capital and a word.
var everydayUnit = map[string]bool{"e-mail": true, "x-axis": true, "y-axis": true, "z-axis": true, "t-shirt": true,
	"e-commerce": true, "e-book": true, "u-turn": true, "x-ray": true, "a-list": true, "e-sign": true, "e-bike": true}

// recurNames are the names of a sentence a setting can be: written as
// code (a digit, an underscore, a dot, a capital inside), with letters,
// four characters or more, and no file or path (a file is where work
// happens, named in every other request); a number of four digits or
// more ("115200", the baud rate said in three sessions; a shorter one
// counts things); or a constant in capitals ("TARGET").
func recurNames(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range unitNameRe().FindAllString(s, -1) {
		// "T-state", "Q-values": one name, however many ("X-class"
		// keeps its "ss").
		if w = strings.ToLower(w); plural(w) {
			w = strings.TrimSuffix(w, "s")
		}
		if !everydayUnit[w] && !everydayUnit[w+"s"] {
			m[w] = true
		}
	}
	for n := range codeNames(s) {
		if len(n) < 4 || strings.ContainsAny(n, "/$`()") || fileLike(n) || strings.IndexFunc(n, unicode.IsLetter) < 0 && strings.Trim(n, "0123456789") != "" {
			continue
		}
		m[n] = true
	}
	words := strings.FieldsFunc(s, notNameRune)
	for i, w := range words {
		// A constant in capitals ("TARGET", "QSIGNALS") past the
		// sentence's first word, standing alone, unless the sentence
		// shouts: a word of instruction in capitals ("NEVER") is no
		// subject, nor is a run of capitals (the SQL of "ON CLUSTER").
		if i > 0 && len(w) >= 4 && isName(w) && strings.IndexFunc(w, unicode.IsLower) < 0 &&
			!capitals(words[i-1]) && (i+1 == len(words) || !capitals(words[i+1])) {
			if shouted(words) {
				// the whole sentence shouts: no word of it is a name
				break
			}
			if l := strings.ToLower(w); subjectTerm(l) && len(factTerms(l)) == 1 {
				m[l] = true
			}
		}
	}
	return m
}

// capitals reports whether a word is letters in capitals, two or more.
func capitals(w string) bool {
	return len(w) >= 2 && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsUpper(r) }) < 0
}

// shouted reports whether the words of a sentence (split at notNameRune)
// hold two of four letters or more in capitals: emphasis or pasted output,
// not a constant named.
func shouted(words []string) bool {
	n := 0
	for _, w := range words {
		if len(w) >= 4 && strings.IndexFunc(w, unicode.IsLower) < 0 && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n >= 2
}

// leansOn reports whether a sentence names name as already settled: "like
// the others", "same NAME", "NAME again".
func leansOn(s, name string) bool {
	low := strings.ToLower(s)
	return settledBefore(s) || strings.Contains(low, "same "+name) || nameAgain(s, name) && !retryAsk(s)
}

// wordingOf is the clause of sentence s that states the setting name, as a
// memory line, and whether the sentence leans back on it; "" when no
// clause states it.
func wordingOf(s, name string) (line string, leans bool) {
	leans = leansOn(s, name)
	c := namingClauses(s, factTerms(name))
	c = strings.TrimSpace(hedgeLeadRe().ReplaceAllString(c, "${1}"))
	c = strings.TrimSpace(conventionRe().ReplaceAllString(c, " "))
	if c == "" || backRefRe().MatchString(c) || !strings.Contains(strings.ToLower(c), name) {
		return "", leans
	}
	if (stateVerbRe().MatchString(c) || getsRe().MatchString(c)) && !verbFirst(c) && !pronounLeadRe().MatchString(c) && !planRe().MatchString(c) &&
		!hypotheticalRe().MatchString(c) && !imperative(c) && len(factTerms(c)) >= 2 {
		return asLine(c), leans
	}
	if m := labelValueRe().FindStringSubmatch(strings.TrimRight(c, ".!")); m != nil && strings.EqualFold(strings.Trim(m[2], ",;:"), name) && subjectTerm(strings.ToLower(m[1])) {
		return asLine(c), leans
	}
	return "", leans
}

// nameIsSubject reports whether a clause states something of name itself:
// the name comes before the clause's first verb of state ("report_ro needs
// a new password", "KIOSK_CONF_DIR is mounted read-only"), not after it as
// what a thing is done with ("handedness needs the ee_hands flash").
func nameIsSubject(clause, name string) bool {
	loc := stateVerbRe().FindStringIndex(clause)
	return loc != nil && strings.Contains(strings.ToLower(clause[:loc[0]]), name)
}

// recurringNames returns the statements of settings named as code in two
// sessions or more and leaned on in one (see above), or named in three
// sessions and given as the value of something in one ("the holiday
// calendar for EUR instruments is TARGET"), one per session, all worded
// alike so that they group. A name a statement or a restatement
// (more) names already is that fact's; a name that another session states
// something else of ("report_ro needs a new password") or changes is no
// settled value.
//
// A statement that leans back itself ("the cycle count should be in
// Q-steps, like everything else") takes no name: the setting is worded by
// the clause that states it, and drop says which such statements that
// wording stands for.
func recurringNames(stmts []stmt, said []source, more []stmt) (out []stmt, drop map[int]bool) {
	drop = map[int]bool{}
	leaning := map[string][]int{}
	byName := map[string][]int{}
	var order []string
	changed := map[string]bool{}
	for i, s := range said {
		if strings.Contains(s.quote, "?") || reportsTrouble(s.quote) {
			continue
		}
		names := recurNames(s.quote)
		if len(names) == 0 {
			continue
		}
		// "etl_pool is gone, it's wh_pool now": a value that changed,
		// the newest rules' business.
		moved := changedSetting(s.quote) || goneRe().MatchString(s.quote) || unsettled(s.quote)
		for n := range names {
			if moved {
				changed[n] = true
			}
			if _, ok := byName[n]; !ok {
				order = append(order, n)
			}
			byName[n] = append(byName[n], i)
		}
	}
	slices.Sort(order)
	taken := map[string]bool{}
	for k, l := range [][]stmt{stmts, more} {
		for i, s := range l {
			if k == 0 && !s.correction && !s.global && backRefRe().MatchString(s.line) {
				for n := range recurNames(s.line) {
					leaning[n] = append(leaning[n], i)
				}
				continue
			}
			if len(factTerms(s.line)) < 2 {
				// "Ap-south-2." answering the agent names the setting
				// but does not say what it is of: a wording here
				// does, and the two group.
				continue
			}
			for n := range codeNames(s.line) {
				taken[n] = true
			}
			for n := range recurNames(s.line) {
				taken[n] = true
			}
		}
	}
	for _, n := range order {
		idx := byName[n]
		if changed[n] || taken[n] {
			continue
		}
		sessions := map[int]bool{}
		for _, i := range idx {
			sessions[said[i].session] = true
		}
		if len(sessions) < 2 {
			continue
		}
		// The wording: the first clause that states the setting without
		// leaning back, else the first that states it at all.
		best, line, bestLeans := -1, "", true
		leaned := map[int]bool{}
		for _, i := range idx {
			l, leans := wordingOf(said[i].quote, n)
			if leans {
				leaned[said[i].session] = true
			}
			if asksForOneRe().MatchString(l) {
				// "We need new RPC GetQuote in pricing service" asks
				// for the day's work; it words no setting.
				l = ""
			}
			if l != "" && (best < 0 || bestLeans && !leans) {
				best, line, bestLeans = i, l, leans
			}
		}
		if best < 0 {
			continue
		}
		ws := said[best].session
		differs := false
		for _, i := range idx {
			if said[i].session == ws {
				continue
			}
			if l, leans := wordingOf(said[i].quote, n); l != "" && !leans && l != line && (len(sessions) < 3 || nameIsSubject(l, n)) {
				// Another session says something else of the name
				// ("report_ro needs a new password"). Named in three
				// sessions, a clause that only uses it ("the role
				// still needs the ROLE_PIN jumper") is the same
				// setting in other words.
				differs = true
			}
		}
		if len(leaned) == 0 && (len(sessions) < 3 || nameIsSubject(line, n) || strings.HasPrefix(line, "I ")) || differs {
			// Never leaned on, a name is a setting only when three
			// sessions name it and the wording gives it as the value
			// of something ("the holiday calendar … is TARGET"), not
			// as the thing a request is about ("ChartPanel needs a
			// legend") or what the person did ("I have added X").
			continue
		}
		if bestLeans && len(leaning[n]) > 0 {
			// The leaning statement words it as well as this would.
			continue
		}
		for _, i := range leaning[n] {
			drop[i] = true
		}
		w := said[best]
		w.quote = line
		out = append(out, stmt{line: line, src: w})
		done := map[int]bool{ws: true}
		for _, i := range idx {
			if s := said[i]; !done[s.session] {
				done[s.session] = true
				out = append(out, stmt{line: line, src: s})
			}
		}
	}
	return out, drop
}
