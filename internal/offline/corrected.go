package offline

import (
	"slices"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A correction answers something the agent just did, and a person who
// corrects the same mistake in another session rarely uses the same words:
// "use ttk widgets" after the agent built plain tk buttons with pack, then
// "ttk::spinbox and grid" after it packed a classic spinbox. What ties the
// two is structure, not wording: the agent did the same thing both times
// (its reports share a name), and the person asked for the same thing both
// times (the replies share a term the reports do not explain). Either
// signal alone is weak: two corrections of one file may say different
// things, and two replies may share a word by chance.

// narration are the verbs and words an agent's report tells its work with:
// they say that it acted, not what it acted on.
var narration = map[string]bool{
	"add": true, "updat": true, "creat": true, "wrote": true, "write": true, "writ": true, "chang": true,
	"us": true, "use": true, "made": true, "make": true, "ran": true, "run": true, "mov": true, "fix": true,
	"implement": true, "built": true, "build": true, "set": true, "put": true, "done": true, "call": true,
	"i'll": true, "i'd": true, "now": true, "new": true, "also": true, "sure": true, "went": true, "got": true,
	"tri": true, "try": true, "want": true, "need": true, "let": true, "here": true, "went ahead": true,
	"can": true, "should": true, "one": true, "way": true, "it": true, "make sure": true, "instead": true,
}

// agentDid is what the agent's report names as what it did: its terms
// without the words of narration, and the parts of its dotted or joined
// names ("Repo.insert!" names Repo). Nil for no report.
func agentDid(report string) []string {
	if report == "" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] && !narration[t] && !genericTerms()[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	// "lodash's merge" names lodash; "getTenantFromUrl" names the tenant
	// and the url.
	report += " " + camelWords(report)
	for _, t := range textkey.Terms(strings.NewReplacer("'s ", " ", "’s ", " ").Replace(report + " ")) {
		add(t)
		for _, p := range nameParts(t) {
			add(p)
		}
	}
	return out
}

// camelWords are the words inside the camel-case names of s that open in
// lower case, lower-cased and space-separated ("loadUserPrefs" gives "load
// user prefs"): a function or a variable is named for what it does or
// holds, and a person says those words plainly. A name that opens in
// upper case names a type or a module ("PaymentsClient"): a name of its
// own, whose parts say nothing on their own.
func camelWords(s string) string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		rs := []rune(f)
		if len(rs) == 0 || !unicode.IsLower(rs[0]) {
			continue
		}
		start, parts := 0, []string(nil)
		for i := 1; i < len(rs); i++ {
			if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				parts = append(parts, string(rs[start:i]))
				start = i
			}
		}
		if len(parts) == 0 || len(parts[0]) < 2 {
			// ("iOS" is one name, not "i" and "os".)
			continue
		}
		parts = append(parts, string(rs[start:]))
		out = append(out, strings.ToLower(strings.Join(parts, " ")))
	}
	return strings.Join(out, " ")
}

// nameParts are the words of a compound name (tx.origin, io:format,
// src-tauri/capabilities/default.json): a person names it whole once and by
// one part the next time.
func nameParts(t string) []string {
	t = strings.Trim(t, "`")
	parts := strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("./:_- ", r) })
	if len(parts) < 2 {
		return nil
	}
	var out []string
	for _, p := range parts {
		if len(p) >= 3 && !fileTypes[p] {
			out = append(out, textkey.Stem(p))
		}
	}
	return out
}

// fileTypes are the extensions a part of a file name may be: they name a
// kind of file, not the file.
var fileTypes = map[string]bool{"json": true, "yaml": true, "yml": true, "toml": true, "txt": true, "md": true,
	"go": true, "py": true, "js": true, "ts": true, "tsx": true, "jsx": true, "rs": true, "rb": true, "ex": true,
	"exs": true, "cpp": true, "hpp": true, "java": true, "kt": true, "cs": true, "sh": true, "sql": true, "xml": true,
	"html": true, "css": true, "lock": true, "cfg": true, "ini": true, "conf": true, "src": true, "lib": true}

// replyTerms are the terms of a correction's line with the parts of its
// compound names.
func replyTerms(line string) map[string]bool {
	m := map[string]bool{}
	for _, t := range factTerms(line) {
		m[t] = true
		for _, p := range nameParts(t) {
			m[p] = true
		}
	}
	return m
}

// sameCorrected reports whether two corrections from different sessions
// correct the same thing: the agent's reports before them share a name,
// and the replies share a term beyond what the reports name.
func sameCorrected(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session || len(a.did) == 0 || len(b.did) == 0 {
		return false
	}
	did := map[string]bool{}
	for _, t := range a.did {
		did[t] = true
	}
	both := false
	for _, t := range b.did {
		if did[t] {
			both = true
			break
		}
	}
	if !both {
		return false
	}
	ra := replyTerms(a.line)
	for t := range replyTerms(b.line) {
		if ra[t] && !did[t] && !narration[t] {
			return true
		}
	}
	// Or one reply rules out by name what the agent did both times ("no
	// jQuery", after it used jQuery twice): the same mistake corrected,
	// unless the name is a file the agent may well touch for other
	// reasons.
	ruled := map[string]bool{}
	for _, t := range append(ruledTerms(a.line), ruledTerms(b.line)...) {
		ruled[t] = true
		for _, p := range nameParts(t) {
			ruled[p] = true
		}
	}
	files := map[string]bool{}
	for _, t := range append(a.did, b.did...) {
		if fileLike(t) {
			for _, p := range nameParts(t) {
				files[p] = true
			}
		}
	}
	for _, t := range b.did {
		if did[t] && ruled[t] && !fileLike(t) && !files[t] {
			return true
		}
	}
	return false
}

// ruledThenDone reports whether one correction rules out by name what the
// agent then did before the other ("no unsafePartial in the code", and in
// a later session the agent put unsafePartial in a module and was
// corrected): the same mistake, made again.
func ruledThenDone(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session {
		return false
	}
	return ruledDid(a, b) || ruledDid(b, a)
}

// ruledThenTold reports whether one correction rules out the act and
// its object that the person, in another session, said the agent did
// again ("don't read the config at import time", then "the worker reads
// the config at import again. stop. load it lazily"): two of the terms,
// since the person's sentence names the place too ("the worker"), which
// alone is no mistake.
func ruledThenTold(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session {
		return false
	}
	return ruledTold(a, b) || ruledTold(b, a)
}

// ruledTold reports whether x rules out two terms, not files, of what y's
// person told the agent did, one of them what went wrong (toldLast): a
// place of two words ("the export handler got slow again") is no mistake.
func ruledTold(x, y stmt) bool {
	if len(y.told) == 0 {
		return false
	}
	told := map[string]bool{}
	for _, t := range y.told {
		if !fileLike(t) && !genericTerms()[t] && !narration[t] {
			told[t] = true
		}
	}
	n, last := 0, false
	for _, t := range ruledTerms(x.line) {
		if told[t] {
			n++
			told[t] = false
			last = last || slices.Contains(y.toldLast, t)
		}
	}
	return n >= 2 && last
}

// ruledDid reports whether x rules out a name, not a file, that y's
// report names.
func ruledDid(x, y stmt) bool {
	if len(y.did) == 0 {
		return false
	}
	did := map[string]bool{}
	for _, t := range y.did {
		if fileLike(t) {
			for _, p := range nameParts(t) {
				did["file:"+p] = true
			}
			continue
		}
		did[t] = true
	}
	for _, t := range ruledTerms(x.line) {
		if fileLike(t) {
			continue
		}
		for _, p := range append([]string{t}, nameParts(t)...) {
			if did[p] && !did["file:"+p] && !genericTerms()[p] && !narration[p] {
				return true
			}
		}
	}
	return false
}

// ruledTerms are the terms a line rules out: what follows a negation in
// its clause ("never edit config.yaml by hand": edit, config.yaml, hand).
func ruledTerms(line string) []string {
	var out []string
	for _, m := range negScopeRe().FindAllStringSubmatch(line, -1) {
		out = append(out, textkey.Terms(m[1])...)
	}
	return out
}

// fileLike reports whether a term names a file or a folder: a path, or a
// name with a file type.
func fileLike(t string) bool {
	if strings.Contains(t, "/") {
		return true
	}
	if i := strings.LastIndexByte(t, '.'); i > 0 {
		return fileTypes[t[i+1:]]
	}
	return false
}

// sameRuledOut reports whether two statements from different sessions, one
// of them a correction, rule out the same thing: everything the terser one
// rules out ("not dicts") the other rules out too ("no raw dicts, use the
// item loader"), and it names something beyond words of instruction.
// "never edit x.yaml by hand" and "never commit x.yaml" rule out other
// things.
func sameRuledOut(a, b stmt) bool {
	if !a.correction && !b.correction || a.src.session == b.src.session {
		return false
	}
	ra, rb := ruledTerms(a.line), ruledTerms(b.line)
	if len(ra) == 0 || len(rb) == 0 {
		return false
	}
	if len(rb) < len(ra) {
		ra, rb = rb, ra
	}
	in := map[string]bool{}
	for _, t := range rb {
		in[t] = true
	}
	named := false
	for _, t := range ra {
		if !in[t] {
			return false
		}
		named = named || !genericTerms()[t] && !narration[t]
	}
	return named
}

// swapRe is a name said in place of another: "members, not users",
// "tabs instead of spaces", "uv rather than pip".
var swapRe = lazyregexp.New(`(?i)([\w.@/+-]+),?\s+(?:not|instead of|rather than)\s+([\w.@/+-]+)`)

// swaps are the pairs a line names one thing in place of another with,
// each "kept>ruled", lower-cased and stemmed.
func swaps(line string) map[string]bool {
	m := map[string]bool{}
	for _, sm := range swapRe().FindAllStringSubmatch(line, -1) {
		kept, ruled := strings.ToLower(strings.Trim(sm[1], ".-`")), strings.ToLower(strings.Trim(sm[2], ".-`"))
		if textkeyStop(kept) || textkeyStop(ruled) || narration[kept] || narration[ruled] {
			continue
		}
		m[textkey.Stem(kept)+">"+textkey.Stem(ruled)] = true
	}
	return m
}

// sameSwap reports whether two statements of different sessions name the
// same thing in place of the same other thing ("the queue is called jobs,
// not tasks, I renamed it" and "the retry worker reads jobs too, jobs, not
// tasks") and share a third term: a rule said again about a new instance.
// Two rules that only share the pair ("log times are UTC, not local" and
// "cron runs in UTC, not local") say it of different things.
func sameSwap(a, b stmt) bool {
	if a.src.session == b.src.session {
		return false
	}
	sb := swaps(b.line)
	for p := range swaps(a.line) {
		if sb[p] {
			return sharedTerms(a.line, b.line) >= 3
		}
	}
	return false
}

// sameTerse reports whether a terse correction that names what to use
// ("fixtures only") is one with a correction of another session that names
// it too and does not rule it out: the person said it whole once and in a
// word or two the next time.
func sameTerse(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session {
		return false
	}
	return terseIn(a, b) || terseIn(b, a)
}

// terseIn reports whether x is terse (one or two terms, ruling nothing
// out) and all its terms are named in y, outside what y rules out.
func terseIn(x, y stmt) bool {
	tx := factTerms(x.line)
	if len(tx) == 0 || len(tx) > 2 || len(ruledTerms(x.line)) > 0 || len(factTerms(y.line)) <= len(tx) {
		return false
	}
	in, ruled := replyTerms(y.line), map[string]bool{}
	for _, t := range ruledTerms(y.line) {
		ruled[t] = true
	}
	for _, t := range tx {
		if !in[t] || ruled[t] {
			return false
		}
	}
	return true
}

// repeatRe is a person saying a mistake came back or that they said the
// rule before: "again", "I told you", "we agreed", "how many times", "the
// third time", "I tell you before" (the present as some say the past),
// "I should have been clearer" (a polite person blames their own words).
var repeatRe = lazyregexp.New(`(?i)\bagain\b|\b(i|we)('ve| have)? (already )?(said|told you|mentioned|agreed|discussed)\b|\bi keep (saying|telling)\b|\bhow many times\b|\b(second|third|fourth|fifth) time\b|\b(like|as) i (said|say)\b|\bi (say|tell)( you| it| this)? (before|already)\b|\b` + sameAsBefore + `\b|\b(to|must) repeat myself\b|\bshould have been clearer\b`)

// repeatMarked reports whether the sentence parts[i] is said as a repeat:
// the marker is in it, or in the sentence right before it ("wet pots
// on the top shelf again. dry rack only."), unless that sentence asks to
// retry something ("run it again") or the sentence turns to another
// matter.
func repeatMarked(parts []string, i int) bool {
	if repeatRe().MatchString(parts[i]) && !retryAsk(parts[i]) {
		return true
	}
	return i > 0 && !turnRe().MatchString(parts[i]) && repeatRe().MatchString(parts[i-1]) && !retryAsk(parts[i-1])
}

// retryAsk reports whether a sentence opens by asking to do something
// once more: "try again", "run the build again please".
func retryAsk(s string) bool {
	f := strings.Fields(strings.ToLower(fillerRe().ReplaceAllString(strings.TrimSpace(s), "")))
	return len(f) > 0 && retryVerbs[strings.Trim(f[0], ".,;:!")]
}

// retryVerbs open a request to do something once more.
var retryVerbs = map[string]bool{"try": true, "retry": true, "run": true, "rerun": true, "do": true, "redo": true,
	"check": true, "build": true, "test": true, "start": true, "restart": true, "deploy": true, "push": true, "load": true}

// saidAgain reports whether the later of two corrections of different
// sessions is said as a repeat and shares a term that names its subject
// with the earlier one ("no glaze on the foot, it fuses to the shelf", then
// "again, glazed feet in the kiln"): the person says the mistake came back,
// and the shared name says which. A file name alone does not tie them (two
// corrections of one file may say different things), nor does a word the
// person uses often (common: a thing of the project many rules name).
func saidAgain(a, b stmt, common func(string) bool) bool {
	if a.src.session == b.src.session || !a.correction || !b.correction {
		return false
	}
	if before(b.src, a.src) {
		a, b = b, a
	}
	if !b.again {
		return false
	}
	ta := replyTerms(a.line)
	for t := range replyTerms(b.line) {
		if !subjectTerm(t) {
			continue
		}
		for u := range ta {
			if subjectTerm(u) && sameStemmed(t, u) && !common(t) && !common(u) {
				return true
			}
		}
	}
	return false
}

// commonTerms returns a test of whether a term is one the person uses
// often: a word opening with its root (its first seven letters) is in
// more than four of the sentences said holds, two of them at least not
// said as a repeat, or the term itself, in one form, is in most sessions,
// three at least, not counting repeats. A mistake corrected again and
// again is named in the corrections and little else, in whatever form the
// moment gives ("allocates", "alloc", "allocation"); the project's own
// things (its handlers, the platform it is built on) come up all the time
// and by one name. A sentence saying the mistake is back names the one
// mistake however often it comes: counted in full, the more often a
// mistake is corrected, the more common its name and the less the
// corrections merge. Each term asked about costs one pass over said; ties
// are rare, so nothing is counted up front.
func commonTerms(said []source, stmts []stmt) func(string) bool {
	repeats := map[int][]string{}
	for _, s := range stmts {
		if s.again {
			repeats[s.src.session] = append(repeats[s.src.session], strings.ToLower(s.src.quote))
		}
	}
	repeat := make([]bool, len(said))
	for i, q := range said {
		repeat[i] = repeatRe().MatchString(q.quote) && !retryAsk(q.quote) || saidIn(strings.ToLower(q.quote), repeats[q.session])
	}
	cache := map[string]bool{}
	return func(t string) bool {
		if v, ok := cache[t]; ok {
			return v
		}
		root := runePrefix(t, 7)
		sentences, fresh, sessions, n, last, counted := 0, 0, 0, 0, -1, -1
		for i, q := range said {
			if q.session != last {
				last = q.session
				n++
			}
			rooted, same := wordsFrom(q.quote, root, t)
			if rooted {
				sentences++
			}
			if repeat[i] {
				continue
			}
			if rooted {
				fresh++
			}
			if same && counted != q.session {
				counted = q.session
				sessions++
			}
		}
		v := sentences > 4 && fresh >= 2 || sessions >= 3 && 2*sessions > n
		cache[t] = v
		return v
	}
}

// saidIn reports whether a sentence is part of one of the quotes, or one
// of them part of it (a correction's quote may join sentences, and a said
// sentence may be a run-on part of one).
func saidIn(q string, quotes []string) bool {
	for _, c := range quotes {
		if q != "" && c != "" && (strings.Contains(c, q) || strings.Contains(q, c)) {
			return true
		}
	}
	return false
}

// runePrefix returns the first n runes of s: a cut inside a multi-byte
// letter would leave a byte that compares equal to any other broken one.
func runePrefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// wordsFrom reports whether a word of s opens with root, and whether one
// is the term t.
func wordsFrom(s, root, t string) (rooted, same bool) {
	root = strings.ToLower(root)
	for _, w := range strings.FieldsFunc(s, notWordRune) {
		w = strings.ToLower(w)
		if !strings.HasPrefix(w, root) {
			continue
		}
		rooted = true
		if textkey.Stem(w) == t {
			return true, true
		}
	}
	return rooted, false
}

// subjectTerm reports whether a term can name what a rule is about: not a
// word of instruction or narration, no file, no number.
func subjectTerm(t string) bool {
	return len(t) >= 3 && !genericTerms()[t] && !narration[t] && !ruleVerbs[t] && !fileLike(t) && strings.IndexFunc(t, unicode.IsDigit) < 0
}

// ruleVerbs are the verbs rules are said with, as stems: "X stays out of
// git" and "scripts stay Java" share the verb, not the subject.
var ruleVerbs = map[string]bool{"stay": true, "keep": true, "get": true, "go": true, "goe": true, "need": true,
	"belong": true, "live": true, "take": true, "give": true, "come": true, "see": true, "say": true, "tell": true,
	"want": true, "look": true, "work": true, "happen": true, "break": true, "show": true, "leave": true, "start": true,
	"end": true, "read": true, "return": true, "send": true, "hold": true}

// sameStemmed reports whether two terms are one word in two forms: equal,
// the shorter (five letters or more) opening the longer ("alloc",
// "allocation"), or a root of seven letters or more with at most two
// letters after it in each ("recursion", "recursive"; not "generat",
// "general").
func sameStemmed(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) >= 5 && strings.HasPrefix(b, a) {
		return true
	}
	n := 0
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n >= 7 && len(b)-n <= 2
}

// A correction is often said again in another session in a few words the
// extractor cannot read as a rule of their own: "commonLabels again in
// overlays/prod. no. labels.", "mockk. we said this", "again Device. I
// told you, this class is deprecated". What ties the two is the person
// saying they repeat themselves, and the thing named in both: the
// correction of one session, said once more in another, recurs.

// lastTimeRe is a person saying the rule is the one they gave before,
// beside repeatRe's words: "same as last time", "same rule as every other
// file".
var lastTimeRe = lazyregexp.New(`(?i)\bsame(?: (?:thing|mistake|rule|reason|story))? as (?:last (?:time|week|month)|before|always|every other \w+)\b`)

// saysRepeat reports whether a sentence says the person repeats
// themselves or the mistake came back; a request to retry something is no
// repeat, nor is a failure come back ("the export is slow again"): it
// names where things went wrong, not the rule.
func saysRepeat(s string) bool {
	return (repeatRe().MatchString(s) || lastTimeRe().MatchString(s)) && !retryAsk(s) && !reportsTrouble(s)
}

// leansRe is a line that opens by likening the rule to another thing:
// "same as money-rails, ask before …" leans on what it names, and is no
// wording of a rule of its own.
var leansRe = lazyregexp.New(`(?i)^\W*(?:and\s+|but\s+)?(?:the\s+)?same\b`)

// ruleWordRe are the words a rule is said with anywhere in a sentence.
var ruleWordRe = lazyregexp.New(`(?i)\b(?:must|mustn'?t|should|shall|only|always|never|every|each|instead|rather)\b`)

// rulesSomething reports whether a correction's line says what to do or
// not to do: it rules something out, carries a word of a rule, or one of
// its sentences opens as an instruction. "The renderer calls require('fs')
// and of course that blows up" tells what went wrong, after "broken
// again": a correction by its place, with no rule for a repeat to
// support.
func rulesSomething(line string) bool {
	if negScopeRe().MatchString(line) || ruleWordRe().MatchString(line) {
		return true
	}
	for _, s := range strings.Split(line, ". ") {
		if starterRe().MatchString(strings.TrimSpace(fillerRe().ReplaceAllString(s, ""))) {
			return true
		}
	}
	return false
}

// msgKey is one message of one session.
type msgKey struct {
	session int
	msgID   string
}

// repeats is what correctedAgainIn asks of every said sentence, worked
// out once per extraction rather than once per correction and sentence:
// the messages one of whose sentences says the person repeats themselves
// (saysRepeat), which sentences say so, and each sentence's tie terms
// (tieTermsOf), found when first needed.
type repeats struct {
	msgs map[msgKey]bool
	says []bool
	ties []map[string]bool
}

// repeatedMessages finds the messages and sentences of said that say the
// person repeats themselves (saysRepeat).
func repeatedMessages(said []source) *repeats {
	r := &repeats{msgs: map[msgKey]bool{}, says: make([]bool, len(said)), ties: make([]map[string]bool, len(said))}
	for i, s := range said {
		if saysRepeat(s.quote) {
			r.says[i] = true
			r.msgs[msgKey{s.session, s.msgID}] = true
		}
	}
	return r
}

// tiesOf returns the tie terms of sentence i of said, computed once.
func (r *repeats) tiesOf(said []source, i int, common func(string) bool) map[string]bool {
	if r.ties[i] == nil {
		r.ties[i] = tieTermsOf(said[i].quote, common)
	}
	return r.ties[i]
}

// correctedAgainIn finds the sentence of another session that says a
// correction of one session again: the later of the two messages says it
// repeats (repeatedMessages), and the sentence shares with the
// correction two things, or one that the person names in no third
// session (tiesCorrection). The correction's line words the fact; the
// repeat only supports it. A message that states the thing as a statement
// of its own is left to the grouping of statements (sameStmt): supported
// by it here as well, the fact would be proposed twice.
func correctedAgainIn(members, stmts []stmt, said []source, naming *namingIndex, rep *repeats, common func(string) bool) *source {
	for _, m := range members {
		if !m.correction || leansRe().MatchString(m.line) || !rulesSomething(m.line) {
			continue
		}
		mt := tieTermsOf(m.line, common)
		if len(mt) == 0 {
			continue
		}
		mine := rep.msgs[msgKey{m.src.session, m.src.msgID}]
		for i := range said {
			s := &said[i]
			if s.session == m.src.session {
				continue
			}
			later := !before(*s, m.src)
			if later && !rep.msgs[msgKey{s.session, s.msgID}] || !later && !mine {
				continue
			}
			// The sentence itself says it repeats, or the one right
			// before it in its message ("mockk. we said this" reads
			// the other way round, so the one after it too).
			own := later && (rep.says[i] || i > 0 && sameMessage(said[i-1], *s) && rep.says[i-1] || i+1 < len(said) && sameMessage(said[i+1], *s) && rep.says[i+1])
			if tiesCorrection(mt, rep.tiesOf(said, i, common), m, *s, own, naming) && !statedIn(stmts, *s, m.line) {
				return s
			}
		}
	}
	return nil
}

// tieTermsOf are the terms of a correction's line that can tie it to its
// repeat: subject terms the person does not use all the time, outside the
// words that say it is a repeat ("same as every other time"), and no part
// of a path (a pasted trace's ".../active_record/..." names no rule).
func tieTermsOf(line string, common func(string) bool) map[string]bool {
	line = lastTimeRe().ReplaceAllString(repeatRe().ReplaceAllString(line, " "), " ")
	out := map[string]bool{}
	for _, t := range factTerms(line) {
		if subjectTerm(t) && !common(t) {
			out[t] = true
		}
		if strings.Contains(t, "/") {
			continue
		}
		for _, p := range nameParts(t) {
			if subjectTerm(p) && !common(p) {
				out[p] = true
			}
		}
	}
	return out
}

// tiesCorrection reports whether sentence s, of tie terms st, names what
// correction m corrects: two of its tie terms, or one the person names in these two
// sessions only, which must then be a name in both (a word like "money"
// or "record" is said in passing), unless s is the repeat itself ("the
// Version20260520 migration was edited again").
func tiesCorrection(mt, st map[string]bool, m stmt, s source, own bool, naming *namingIndex) bool {
	shared := 0
	var rare []string
	for t := range st {
		for u := range mt {
			if sameWord(t, u) {
				shared++
				if naming.namedOnlyIn(u, m.src.session, s.session) {
					rare = append(rare, u)
				}
				break
			}
		}
	}
	if shared >= 2 {
		return true
	}
	for _, u := range rare {
		if own || namedAsName(u, m.line) && namedAsName(u, s.quote) {
			return true
		}
	}
	return false
}

// namedAsName reports whether s names t as a name or as a part of one
// (nameTerms): "jQuery", "Device.BeginInvokeOnMainThread", "strings.xml".
func namedAsName(t, s string) bool {
	for n := range nameTerms(s) {
		if sameWord(n, t) || slices.Contains(nameParts(n), t) {
			return true
		}
	}
	return false
}

// statedIn reports whether the message of s holds a statement that names
// a part of a name of line: the message says the thing as a rule itself.
func statedIn(stmts []stmt, s source, line string) bool {
	for _, st := range stmts {
		if sameMessage(st.src, s) && sharesNamePart(st.line, line) {
			return true
		}
	}
	return false
}

// A rule said again in another session often spreads over two sentences
// of one message: the thing named in one, the rule in the next ("I found
// another hand-patched file under dist/. The generated JSON is never
// edited by hand."). Neither sentence alone shares enough with the rule to
// tie them, and neither says it is a repeat; the two together name two of
// its things, one of them a name in both, and rule something.

// saidAcrossIn finds the first of two adjacent sentences of one message in
// another session that together say a rule or a correction of one session
// again: each names one at least of the rule's tie terms (tieTermsOf), two
// in all, one of them a name in both lines (namesTerm), and the two rule
// something (rulesSomething) or negate. A message that states the thing as
// a statement of its own is left to the grouping of statements, as in
// correctedAgainIn. Tie terms come from rep's cache.
func saidAcrossIn(members, stmts []stmt, said []source, rep *repeats, common func(string) bool) *source {
	for _, m := range members {
		if leansRe().MatchString(m.line) || !rulesSomething(m.line) {
			continue
		}
		mt := tieTermsOf(m.line, common)
		if len(mt) < 2 {
			continue
		}
		for i := 0; i+1 < len(said); i++ {
			a, b := said[i], said[i+1]
			if a.session == m.src.session || !sameMessage(a, b) {
				continue
			}
			ia := tiedTerms(mt, rep.tiesOf(said, i, common))
			if len(ia) == 0 {
				continue
			}
			ib := tiedTerms(mt, rep.tiesOf(said, i+1, common))
			if len(ib) == 0 {
				continue
			}
			text := a.quote + " " + b.quote
			both := map[string]bool{}
			named := false
			for _, t := range append(ia, ib...) {
				both[t] = true
				named = named || namesTerm(t, m.line) && namesTerm(t, text)
			}
			if len(both) < 2 || !named || !rulesSomething(text) && !replyNegRe().MatchString(text) {
				continue
			}
			if !statedIn(stmts, a, m.line) && !statedIn(stmts, b, m.line) {
				return &said[i]
			}
		}
	}
	return nil
}

// tiedTerms are the terms of mt that a term of st names (sameWord).
func tiedTerms(mt, st map[string]bool) []string {
	var out []string
	for u := range mt {
		for t := range st {
			if sameWord(t, u) {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

// namesTerm reports whether s names t as a name (namedAsName), a folder
// written with its slash among them ("dist/" names dist).
func namesTerm(t, s string) bool {
	if namedAsName(t, s) {
		return true
	}
	for n := range nameTerms(s) {
		if d := strings.Trim(n, "/`"); d != n && sameWord(d, t) {
			return true
		}
	}
	return false
}

// A correction is often said again in another session as a passing
// clause that rules out the very thing the agent did the first time,
// beside what to do instead: "dns challenge w cloudflare like the
// others", after the agent wrote `tls internal`, then weeks later "certs
// via cloudflare dns not internal". No repeat is marked, and the later
// sentence is too short to read as a rule of its own; what ties the two
// is structure: the same wish named (two tie terms), and the mistake the
// first reply answered ruled out by name.

// ruledAgainIn finds a sentence of another session that says a
// correction of one session again: it shares two tie terms with the
// correction's line (tieTermsOf) and rules out (ruledTerms) a term the
// agent's report before the correction named (did) that the correction's
// line does not name itself: the mistake, not the wish. A message that
// states the thing as a statement of its own is left to the grouping of
// statements, as in correctedAgainIn. Tie terms come from rep's cache.
func ruledAgainIn(members, stmts []stmt, said []source, rep *repeats, common func(string) bool) *source {
	for _, m := range members {
		if !m.correction || len(m.did) == 0 || leansRe().MatchString(m.line) {
			continue
		}
		mt := tieTermsOf(m.line, common)
		if len(mt) < 2 {
			continue
		}
		did := map[string]bool{}
		for _, t := range m.did {
			if subjectTerm(t) && !mt[t] && !common(t) {
				did[t] = true
			}
		}
		if len(did) == 0 {
			continue
		}
		for i := range said {
			s := &said[i]
			if s.session == m.src.session || !negScopeRe().MatchString(s.quote) {
				continue
			}
			if len(tiedTerms(mt, rep.tiesOf(said, i, common))) < 2 {
				continue
			}
			ruled := false
			for _, t := range ruledTerms(s.quote) {
				ruled = ruled || did[t]
			}
			if ruled && !statedIn(stmts, *s, m.line) {
				return s
			}
		}
	}
	return nil
}
