package offline

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/automem/automem/internal/lazyregexp"
)

// People mark a statement as lasting in more ways than "from now on" and
// "remember": they label it a rule or a policy, ask for it to be kept in
// memory, or say what the convention is. Each form below is a marker on
// its own; what it leaves must still read as an instruction or a fact
// (classify goes on to drop questions, plans and one-off requests).

var (
	// ruleLabelRe opens a statement with its label: "Rule: …", "house
	// rule: …", "that's a hard rule: …", "our convention here: …".
	ruleLabelRe = lazyregexp.New(`(?i)^((that'?s|that is|this is|it'?s|here'?s)\s+)?((a|an|one|the|our|my)\s+)?((hard|house|golden|ground|strict|firm|standing|team|general|project|repo|important|new)\s+)?(rule|convention|policy|guideline|reminder)s?(\s+(here|for this (repo|project|codebase)|in this (repo|project|codebase)|going forward|for the future))?\s*:\s+`)
	// ruleTailRe closes a statement with its label: "…, that's a hard
	// rule", "… (house rule)", "… — team convention".
	ruleTailRe = lazyregexp.New(`(?i)\s*([,;:\x{2014}-]+\s*((that'?s|that is|this is|it'?s)\s+)?|\(\s*|,?\s+(that'?s|that is|this is|it'?s)\s+)((a|an|the|our)\s+)?((hard|house|golden|ground|strict|firm|standing|team)\s+)?(rule|policy|convention)(\s+(here|in this (repo|project|codebase)))?\s*\)?\W*$`)
	// policyRe states what the standing practice is: "our policy is that
	// …", "the convention here is to …", "the rule is: …".
	policyRe = lazyregexp.New(`(?i)^(our|the|(the |our )?([\w-]+ )?[\w-]+'s)\s+((team|house|old|main|golden|first)\s+)?(policy|convention|rule|standard|practice|norm)(\s+(here|for (the|this) (team|repo|project|codebase)|in this (repo|project|codebase|team)))?\s+(is|was)\s*(that\s+|to\s+|:\s*)`)
	// repoRuleRe is a rule of the project said of "we": "in this repo
	// we never …", "we only … in this codebase".
	repoRuleRe = lazyregexp.New(`(?i)\b(in|for) this (repo|repository|project|codebase)\b.*\bwe (always|never|only|don'?t|do not|must)\b|\bwe (always|never|only|don'?t|do not|must)\b.*\b(in|for) this (repo|repository|project|codebase)\b`)
	// shouldAlwaysRe is "we should always …" after who set it: the rule is
	// "always …".
	shouldAlwaysRe = lazyregexp.New(`(?i)^((?:from now on|going forward)[,\s]+)?(?:we|you) should (always|never)\b`)
	// memoryAskRe asks for the statement to be kept: "save this to
	// memory: …", "make a note that …", "bear in mind that …", "for
	// future reference, …".
	memoryAskRe = lazyregexp.New(`(?i)^(please\s+)?((save|add|put|store|write|commit|keep)\s+(this|that|it)\s+(down\s+)?(to|in|into)\s+(your\s+|the\s+)?(memory|memories|notes)|memori[sz]e\s+(this|that)|make a note( of (this|that|it))?|take note( of (this|that))?|bear in mind|for future reference|note for (later|next time|the future)|note to self( (\+|and|&) you)?)\b(\s+that)?[\s,:;\x{2014}-]*|^(please\s+)?for (later|next time|the future)\s*:[\s,:;\x{2014}-]*`)
	// memoryTailRe is the same request at the end: "…, bear that in
	// mind", "…, for future reference".
	memoryTailRe = lazyregexp.New(`(?i)[\s,;:\x{2014}(-]+(please\s+)?(bear (that|this|it) in mind|make a note of (that|this|it)|(save|add|put|store|write|commit) (that|this|it) (to|in|into) (your |the )?(memory|memories|notes)|memori[sz]e (that|this|it)|for future reference|for (the )?future (use|work|sessions?|tasks?))(\s+please)?\)?\W*$`)
)

// notMarkedRe is what follows a would-be marker that makes it something
// else: "moving forward with the rewrite", "make a note of how long it
// took", "by convention I mean …".
var notMarkedRe = lazyregexp.New(`(?i)^(with|of|on|in|at|from|to|about|i mean|i meant)\b`)

// lastingLabel strips a label, a policy opening or a request to keep the
// statement from s, and reports whether it found one: each marks what is
// left as meant to last.
func lastingLabel(s string) (string, bool) {
	found := false
	for _, re := range []func() *regexp.Regexp{ruleLabelRe, policyRe, memoryAskRe} {
		if m := re().FindString(s); m != "" && m != s && !notMarkedRe().MatchString(s[len(m):]) {
			s, found = s[len(m):], true
		}
	}
	for _, re := range []func() *regexp.Regexp{ruleTailRe, memoryTailRe} {
		if m := re().FindString(s); m != "" && m != s {
			s, found = s[:len(s)-len(m)], true
		}
	}
	return strings.TrimSpace(s), found
}

var (
	// preambleRe is a few words before a colon ("and before you ask:")
	// that lead into what the person marks as lasting.
	preambleRe = lazyregexp.New(`^[^:]{1,40}:\s+`)
	// politeRe is a request worded as a question: "could you please …?".
	politeRe = lazyregexp.New(`(?i)^(could|would|can|will) you (please |kindly )?`)
	// standingScopeRe is a scope that names the work the person and the
	// agent do together, so a request under it is for every time:
	// "wherever we work together", "in every repo you touch".
	standingScopeRe = lazyregexp.New(`(?i)\b(wherever|whenever|whatever|whichever|no matter|regardless)\b|\b(you|u|we) (touch|work|open|handle|help)`)
	// complyRe is a closing question asking the agent to follow what was
	// just said: "— can you do that for everything you write?".
	complyRe = lazyregexp.New(`(?i)\s*[,;\x{2014}-]+\s*(can|could|will|would) you (please )?(do|follow|apply|use|remember|keep|stick to) (that|this|it)\b[^?]*\?+$`)
	// reportedRe is who set the rule, opening it: "my prof said that …".
	reportedRe = lazyregexp.New(`(?i)^(my|our|the) \w+( \w+)? (said|says|wants|told (me|us)|decided|insists)( that)?\s+`)
	// tagRe is a closing "right?" asking to confirm.
	tagRe = lazyregexp.New(`(?i)[,\s]+(right|yeah|yes|correct|ok|okay)\s*\?+$`)
	// ackRe is a closing tag that asks to acknowledge an instruction
	// ("…, ok?"), where "right?" asks to confirm a fact.
	ackRe = lazyregexp.New(`(?i)\b(ok|okay)\s*\?+$`)
	// noteSelfRe opens a note the person makes for themselves, and so
	// for memory: "note to self + you:".
	noteSelfRe = lazyregexp.New(`(?i)^note to self( (\+|and|&) you)?\s*[:,\x{2014}-]\s*`)
	// keepMindRe is a request to keep something in mind, in the middle of a
	// sentence.
	keepMindRe = lazyregexp.New(`(?i)\b(keep|bear) in mind that\s+`)
	// mindEndRe ends what is to be kept in mind: the reason or the
	// question after it.
	mindEndRe = lazyregexp.New(`(?i)\s+(because|since)\s|,\s*(so|but|and|which)\s|\?`)
	// emoticonRe is a typed face: ":(", ":-)".
	emoticonRe = lazyregexp.New(`\s+[:;]-?[()DPp/\\|]+(\s+|$)`)
	// whileAtItRe opens a request added to another: "while you're at
	// it, …".
	whileAtItRe = lazyregexp.New(`(?i)^(and\s+)?while you('re| are) at it,?\s+`)
)

// marked reports whether s carries a lasting marker: a label, a request
// to keep it, "remember", "from now on", "always".
func marked(s string) bool {
	s = stripFillers(whileAtItRe().ReplaceAllString(s, ""))
	if _, ok := lastingLabel(s); ok {
		return true
	}
	for _, re := range []func() *regexp.Regexp{lastingOpenRe, rememberRe, lastingRe, alwaysRe, repoRuleRe} {
		if re().MatchString(s) {
			return true
		}
	}
	return false
}

// reshape takes off what wraps a marked statement before it is read: a
// vent after it ("…, I'm tired of untested routes"), a preamble before a
// marker ("before you ask: for the record, …"), the question form of a
// request that carries a marker ("could you please always …?"), who said
// it ("my lead said that from now on …"), a closing "can you do that?"
// or "right?" after a rule, and typed faces.
func reshape(s string) string {
	s = strings.TrimSpace(emoticonRe().ReplaceAllString(s, ", "))
	s = whileAtItRe().ReplaceAllString(s, "")
	for _, t := range []string{s, stripFillers(s)} {
		if m := noteSelfRe().FindString(t); m != "" {
			s = "Remember: " + t[len(m):]
			break
		}
	}
	if m := tagRe().FindString(s); m != "" && ackRe().MatchString(m) {
		// "in all my repos dont add co-authored-by lines, i hate
		// them, ok?": the nod asked for closes the sentence after the
		// vent, which is taken off only once the nod is gone.
		if head := ventTail(s[:len(s)-len(m)]); head != s[:len(s)-len(m)] && !strings.ContainsAny(head, "?") && (marked(head) || hasScope(head)) {
			s = head
		}
	}
	s = ventTail(s)
	if m := preambleRe().FindString(s); m != "" && len(strings.Fields(m)) >= 2 && !corrRe().MatchString(m) && marked(s[len(m):]) && !marked(s[:len(m)]) && !globalRe().MatchString(m) {
		// ("In all my projects: …" is no preamble: it says where the
		// rule holds.)
		s = s[len(m):]
	}
	if m := complyRe().FindString(s); m != "" && marked(s[:len(s)-len(m)]) {
		s = s[:len(s)-len(m)]
	}
	if loc := keepMindRe().FindStringIndex(s); loc != nil && loc[0] > 0 && strings.HasSuffix(s, "?") && !questRe().MatchString(stripFillers(s[:loc[0]])) {
		// "someone told me to keep in mind that the macros must run on
		// the 2016 build, so I shouldn't use X?": what is to be kept in
		// mind is said; the question is about today's work.
		rest := s[loc[1]:]
		if end := mindEndRe().FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		if !strings.Contains(rest, "?") {
			s = "Remember that " + rest
		}
	}
	if strings.HasSuffix(s, "?") {
		t, scope := stripFillers(s), ""
		if loc := globalRe().FindStringIndex(t); loc != nil && (loc[0] == 0 || strings.HasSuffix(strings.TrimSpace(t[:loc[0]]), ":")) && politeRe().MatchString(strings.TrimLeft(t[loc[1]:], " ,")) {
			// "wherever we work together, could you …?": the scope
			// opens the request (after a lead-in: "one small thing:
			// in any repo of mine, could you …?").
			scope, t = t[loc[0]:loc[1]], strings.TrimLeft(t[loc[1]:], " ,")
		}
		if m := politeRe().FindString(t); m != "" {
			rest := strings.TrimRight(t[len(m):], "? ")
			if scope != "" {
				rest += ", " + strings.Trim(scope, " ,")
			}
			if marked(rest) || globalRe().MatchString(rest) && (personal(withoutScope(rest)) || standingScopeRe().MatchString(globalRe().FindString(rest))) {
				// A scope over every project marks a wish about the
				// agent's replies too ("could you answer in German in
				// all my repos?"), and any wish whose scope is the
				// work itself ("in every repo you touch", "wherever we
				// work together"); a task asked for in every repo
				// stays a task.
				s = rest
			}
		}
	}
	if m := tagRe().FindString(s); m != "" {
		if head := s[:len(s)-len(m)]; conventionRe().MatchString(head) || marked(head) && ackRe().MatchString(m) && !strings.ContainsAny(head, "?") {
			// "…, that's what we do here right?", "going forward, mark
			// them const, ok?": a rule, and a nod asked for.
			s = head
		}
	}
	if m := reportedRe().FindString(stripFillers(s)); m != "" && marked(stripFillers(s)[len(m):]) {
		// "the senior dev said we should always …": someone set the
		// rule, which is "always …".
		s = shouldAlwaysRe().ReplaceAllString(stripFillers(s)[len(m):], "$1$2")
	}
	return s
}

// stripFillers takes the fillers off the start of s ("ok so also …").
func stripFillers(s string) string {
	for {
		t := fillerRe().ReplaceAllString(s, "")
		if t == s {
			return s
		}
		s = t
	}
}

// maxSentence is the longest sentence read as one statement, in runes.
const maxSentence = 240

// markedHead is what a marker in the middle of a long sentence opens,
// when that fits maxSentence; else the longest run of whole clauses from
// the start of the sentence that fits, when the sentence carries a marker
// in that run; "" otherwise.
func markedHead(s string) string {
	if loc := rememberMidRe().FindStringIndex(s); loc != nil && utf8.RuneCountInString(s[loc[1]:]) <= maxSentence {
		// "… long story, note to self the service runs as its own
		// user, …": the marker opens the statement.
		return "Remember that " + s[loc[1]:]
	}
	head := ""
	for _, loc := range clauseSplitRe().FindAllStringIndex(s, -1) {
		if utf8.RuneCountInString(s[:loc[0]]) > maxSentence {
			break
		}
		if openAt(s, loc[0]) || listTailRe().MatchString(s[loc[1]:]) {
			// "calls invoke('rename_note', ...)": a comma inside a
			// bracket ends no clause (splitClauses), nor one inside a
			// list ("which claims, clusters or users it touches").
			continue
		}
		head = s[:loc[0]]
	}
	if head == "" || !marked(head) && !hasScope(head) {
		// (A scope over every project of the person marks the rule
		// as much as "from now on": "one habit I'd like you to keep
		// in every one of my projects: …, because …".)
		return ""
	}
	return withConsequent(head, s[len(head):])
}

// condOpenRe is a condition a rule opens with: "if anything you add needs
// a permission", "whenever a test touches the clock".
var condOpenRe = lazyregexp.New(`(?i)\b(?:if|when|whenever|unless|once)\s`)

// withConsequent gives head, the clauses of a long sentence that fit, its
// consequent when head ends inside a condition: "going forward if anything
// you add needs a new permission, like the dialog plugin or whatever" is
// no rule until ", put it in capabilities/default.json yourself" follows.
// The consequent is the next clause of rest, up to an "and" that joins a
// second request to it, and head keeps to maxSentence with it; a head
// whose condition already has its consequent, or has none in reach, is
// left as it is.
func withConsequent(head, rest string) string {
	locs := condOpenRe().FindAllStringIndex(head, -1)
	if len(locs) == 0 {
		return head
	}
	for _, c := range clauseSplitRe().Split(head[locs[len(locs)-1][1]:], -1)[1:] {
		if c = strings.TrimSpace(soThenRe().ReplaceAllString(c, "")); starterRe().MatchString(c) {
			// "if the build breaks, revert it, …": said already
			return head
		}
	}
	loc := clauseSplitRe().FindStringIndex(rest)
	if loc == nil || loc[0] != 0 {
		return head
	}
	next := rest[loc[1]:]
	if end := clauseSplitRe().FindStringIndex(next); end != nil {
		next = next[:end[0]]
	}
	if i := strings.Index(next, " and "); i > 0 {
		next = next[:i]
	}
	if !starterRe().MatchString(next) || utf8.RuneCountInString(head)+2+utf8.RuneCountInString(next) > maxSentence {
		return head
	}
	return head + ", " + next
}

// allOurRe says where all of a kind of thing is kept: "all our serdes
// are in", "all of our fixtures live under".
var allOurRe = lazyregexp.New(`(?i)\ball (of )?our \w+( \w+)? (are|live|go|sit|belong|stay)( all)? (in|under|inside|into)\s+`)

// ourPlace cuts s down to the clause that says where all of a kind of
// thing is kept, when it names the place as code ("all our handlers live
// in internal/http"): a convention, said to last.
func ourPlace(s string) (string, bool) {
	loc := allOurRe().FindStringIndex(s)
	if loc == nil {
		return s, false
	}
	c := s[loc[0]:]
	if end := clauseSplitRe().FindStringIndex(c); end != nil {
		c = c[:end[0]]
	}
	if len(codeNames(c[loc[1]-loc[0]:])) == 0 {
		return s, false
	}
	return c, true
}

// rulesHeadRe announces a list of the project's rules: "house rules for
// this repo, write them down:", "## Conventions (please keep)", "our
// ground rules".
var rulesHeadRe = lazyregexp.New(`(?i)^#+\s*(rules|conventions|guidelines)\b|\b((house|ground|team|our|my|project|repo|standing)\s+(rules|conventions|guidelines)|(rules|conventions|guidelines)\s+(for|in|of)\s+(this|the|our)\s+(repo|repository|project|codebase|team|app)|(rules|conventions|guidelines)\s*\((please )?keep\b|write (them|these) down|remember (these|them))`)

// failedHeadRe is a heading over a list of what broke ("these lint rules
// fail:"): a report, not rules.
var failedHeadRe = lazyregexp.New(`(?i)\b(fail|failing|failed|error|errors|broken|break|warn|warning|warnings|violat)`)

// ruleItems numbers the sentences of the list items under a heading that
// announces the project's rules, by item (from 1).
func ruleItems(lines []string) map[string]int {
	return itemsUnder(lines, func(t string) bool {
		return rulesHeadRe().MatchString(t) && !failedHeadRe().MatchString(t) && len(strings.Fields(t)) <= 16
	})
}

// itemsUnder numbers the sentences of the list items under a line that
// head accepts, by item (from 1); a list ends at the first line that is no
// list item.
func itemsUnder(lines []string, head func(string) bool) map[string]int {
	var items map[string]int
	under, n := false, 0
	for _, ln := range lines {
		t := strings.TrimSpace(ln)
		if listMarkerRe().MatchString(t) {
			if under {
				if items == nil {
					items = map[string]int{}
				}
				n++
				for _, s := range sentences([]string{t}) {
					items[s] = n
				}
			}
			continue
		}
		under = head(t)
	}
	return items
}

// onlyForRe is a request limited to one occasion by "only": "for this
// print only", "only for this debug session"; the occasion's last word in
// group 1 or 2. "for the frontend only" names where a rule holds.
var onlyForRe = lazyregexp.New(`(?i)\bfor (?:this|that) (?:[\w-]+ )?([\w-]+),? only\b|\bonly for (?:this|that) ([\w-]+)\b`)

// projectNouns name the project or a lasting part of it: "for this repo
// only" says where a rule holds, not when; what "our code never …" says
// is how the project is written, a rule.
var projectNouns = map[string]bool{"repo": true, "repository": true, "project": true, "codebase": true,
	"code": true, "package": true, "crate": true, "service": true, "app": true, "application": true,
	"team": true, "workspace": true, "monorepo": true, "module": true, "modules": true, "library": true,
	"lib": true, "folder": true, "directory": true, "api": true, "schema": true}

// oneOff reports whether s is a request for now (oneOffRe). A "yet" in a
// later clause tells of something else ("never commit results/, the
// .gitignore is not complete yet"), not of the request.
func oneOff(s string) bool {
	if m := onlyForRe().FindStringSubmatch(s); m != nil && !projectNouns[strings.ToLower(m[1]+m[2])] {
		// "for this shipment only", "only for this test run": one
		// occasion, whatever it is called; "for this repo only" scopes
		// a rule to the project.
		return true
	}
	first := clauseSplitRe().FindStringIndex(s)
	for _, loc := range oneOffRe().FindAllStringIndex(s, -1) {
		if strings.EqualFold(strings.TrimSpace(s[loc[0]:loc[1]]), "yet") && first != nil && loc[0] > first[1] {
			continue
		}
		return true
	}
	return false
}

// goneReasonOnly reports whether the only one-off words of a correction
// are an "anymore" (or "yet") in a clause after its first that says a
// thing is gone or not there:
// "its populate_entry_trend, buy_trend doesn't exist anymore in our
// version", "use the new router; the old one isn't maintained anymore".
// The clause is the correction's reason (what the agent used is no longer
// there), not a request for now, which says "anymore" of the request
// itself ("don't run the migrations anymore today").
func goneReasonOnly(s string) bool {
	first := clauseSplitRe().FindStringIndex(s)
	if first == nil || onlyForRe().MatchString(s) {
		return false
	}
	for _, loc := range oneOffRe().FindAllStringIndex(s, -1) {
		w := strings.ToLower(strings.TrimSpace(s[loc[0]:loc[1]]))
		if w != "anymore" && w != "yet" || loc[0] < first[1] {
			return false
		}
		c := s[:loc[0]]
		if i := strings.LastIndexAny(c, ",;:\u2014"); i >= 0 {
			c = c[i+1:]
		}
		if !goneClauseRe().MatchString(c) {
			return false
		}
	}
	return true
}

// goneClauseRe is a clause denying that a thing exists or works: "x
// doesn't exist", "it isn't supported", "that api is not there" (typed
// fast: "dosent", "isnt").
var goneClauseRe = lazyregexp.New(`(?i)\b(?:\w+n'?t|dosent|doesnt|isnt|arent|not|no longer)\s+(?:\w+\s+){0,2}?(?:exists?|supported|maintained|there|available|valid|work(?:s|ing)?|used|in use|a thing)\b`)

var (
	// midMarkerRe is a strong lasting marker inside a sentence: "… also
	// from now on every route …", "…; from this point onward, I would ask
	// that …", "can you from now on put …?". ("in the future" is left
	// out: "we may need it in the future" is no rule.)
	midMarkerRe = lazyregexp.New(`(?i)\b(from ?now on|going forward|henceforth|from here on(?: out)?|from (?:today|this point|this day) (?:on(?:wards?)?|forward))\b[\s,:]*`)
	// midRememberRe is "remember that" opening a clause after a request
	// opener, a bracket or a clause break: "can you remember that …?",
	// "… and (remember that … ) also add …".
	// The asking may be a reproach: "is it really so hard to remember
	// that …?" says the rule it asks about.
	midRememberRe = lazyregexp.New(`(?i)(\(|\b(?:can|could|would|will) (?:you|u)(?: please)?|\b(?:hard|difficult|much to ask) to)\s*(?:please\s+)?(?:` + rememberWord + `|keep in mind|bear in mind) that\s+`)
	// clauseEndRe ends the clause a marker opens: a question mark, a
	// sentence end, a bracket closed, the reason or purpose after it
	// ("so that", ", since", "because"), the day's next step ("then …").
	clauseEndRe = lazyregexp.New(`(?i)\?|[.!](\s|$)|;|\)|\s*\x{2014}|\s+--?\s|,\s*(?:so|but|since|which)\s|\s+(?:so that|because|then|as otherwise)\s`)
	// markedHedgeRe is the person's hedge or formal asking that opens the
	// rule after the marker: "going forward I think our bot should …",
	// "from this point onward, I would therefore ask that every …".
	markedHedgeRe = lazyregexp.New(`(?i)^(?:i (?:think|believe|feel|guess)|i'?d say|i (?:would|must|will)(?:,?\s*(?:therefore|also|kindly|now)\s*,?)*\s+(?:ask|request|insist) that|i'?d (?:like|want|prefer) (?:it )?(?:if|that)|it'?d be (?:best|better|good|nice|great) if|it would be (?:best|better|good|nice|great) if|(?:this|that|it) (?:should|will|must|is to|has to) be (?:the|a|our) (?:rule|convention|policy|standard)\s*:)\s+(?:that\s+)?`)
	// subjunctiveRe is the verb of a rule asked for formally: "that every
	// policy be placed".
	subjunctiveRe = lazyregexp.New(`(?i)^((?:[\w<>./@-]+\s+){1,5}?)be\s+`)
	// askedModalRe is a rule asked as a question inside the clause: "could
	// it perhaps always answer …" is "it should always answer …".
	askedModalRe = lazyregexp.New(`(?i)\b(?:could|would|can) (it|they|we|each \w+|every \w+) (?:perhaps |maybe |possibly |please )?`)
	// wishModalRe is the first modal of a wish worded as a possibility:
	// "every page could get the component" is "every page should get it".
	wishModalRe = lazyregexp.New(`(?i)^((?:[\w<>./@-]+\s+){1,5}?)(?:could|might)\s+(?:perhaps\s+|maybe\s+|also\s+)?`)
	// notHereRe is what before a marker makes the sentence no rule: an
	// opinion or yes/no question ("do you think going forward we …"), a
	// hypothetical, a one-off scope.
	notHereRe = lazyregexp.New(`(?i)\b(?:do|does|did|should|shall|is|are|was|were|would it|what|why|how|which|who|whether we should|suppose|imagine|hypothetically|what if|in case|just for today|for now)\s*[,]?\s*$|^(?:do|does|did|should|shall|is|are|what|why|how|which|who|suppose|imagine|what if)\b`)
	// supposeRe is a hypothetical before a reproach: "what if it's hard
	// to remember that …?" asks.
	supposeRe = lazyregexp.New(`(?i)\b(?:what if|suppose|imagine|hypothetically|in case)\b`)
	// askQuestRe opens a question of the clause before the marker
	// ("…, should we going forward …?"); a relative clause ("who have
	// asked me …") is no question.
	askQuestRe = lazyregexp.New(`(?i)^(?:do|does|did|should|shall|is|are|was|were|what|why|how|isn'?t|aren'?t|doesn'?t|didn'?t|have|has)\b`)
	// scopeLeadRe is a short place or part before the marker that the
	// rule holds in: "in the api package, from now on, …".
	scopeLeadRe = lazyregexp.New(`(?i)^(?:in|for|within|inside|under|across|on) [^,;]{1,50}$`)
)

// markerClause returns the clause that a lasting marker inside a long or
// asking sentence opens, as a statement said to last, and whether there
// is one. People set the marker mid-sentence after the day's task ("fix
// it … also from now on every route validates …"), inside a question
// ("can you from now on put …?", "(remember that …)"), or deep in a
// formal paragraph after the reason ("…; from this point onward, I would
// ask that …"): the rule is the marked clause only, without the task or
// question around it and without the reason after it.
func markerClause(s string) (string, bool) {
	if !mayMarkClause(s) {
		return "", false
	}
	lead, asked, reproach := "From now on, ", false, false
	loc := midMarkerRe().FindStringIndex(s)
	if loc == nil || loc[0] == 0 {
		m := midRememberRe().FindStringSubmatchIndex(s)
		if m == nil {
			return "", false
		}
		// The head ends before the opener; "can you" goes with the
		// marker as the asking of it.
		loc, lead = []int{m[2], m[1]}, "Remember that "
		asked = s[m[2]:m[3]] != "("
		// "is it that hard to remember that …?" asks nothing
		reproach = strings.HasSuffix(strings.ToLower(s[m[2]:m[3]]), " to")
	} else if !opensClause(s[:loc[0]], s[loc[1]:]) {
		return "", false
	}
	head := strings.TrimSpace(s[:loc[0]])
	if head == "" && !asked {
		return "", false
	}
	if head == "" {
		head = "."
	}
	h := stripFillers(head)
	if reportedRe().MatchString(h) || wishIfRe().MatchString(h) || formalAskRe().MatchString(s) {
		// "my lead said that from now on …", "I should be grateful
		// if, henceforth, …": who set the rule and the polite wish are
		// read whole (reshape, wishIf).
		return "", false
	}
	parts := clauseSplitRe().Split(head, -1)
	last := strings.TrimSpace(stripFillers(strings.TrimSpace(parts[len(parts)-1])))
	if (notHereRe().MatchString(strings.TrimSpace(h)) || askQuestRe().MatchString(last)) && (!reproach || supposeRe().MatchString(h)) || ventRe().MatchString(head) && !soLead(head) {
		// (A vent that leads on with "so" is the reason for the rule:
		// "I'm tired of handlers that trust the body, so from now on
		// every endpoint …".)
		return "", false
	}
	rest := s[loc[1]:]
	if end := clauseEndRe().FindStringIndex(rest); end != nil {
		for end != nil && rest[end[0]] == ')' && strings.Count(rest[:end[0]], "(") > strings.Count(rest[:end[0]], ")") {
			// "every rule gets mitre tags (tactic + technique id) in
			// tags": the bracket closed was opened inside the clause,
			// not before the marker, and the clause goes on.
			next := clauseEndRe().FindStringIndex(rest[end[1]:])
			if next == nil {
				end = nil
				break
			}
			end = []int{end[1] + next[0], end[1] + next[1]}
		}
		for end != nil && rest[end[0]] == '!' && macroName([]rune(rest[:end[0]])) {
			// "goes through the sqlx::query! or query_as! macros":
			// a Rust macro's "!" ends no clause.
			next := clauseEndRe().FindStringIndex(rest[end[1]:])
			if next == nil {
				end = nil
				break
			}
			end = []int{end[1] + next[0], end[1] + next[1]}
		}
		for end != nil && rest[end[0]] == ';' && alwaysRe().MatchString(firstClause(rest[end[1]:])) {
			// "…; whenever a patient describes symptoms, it always
			// …": the next clause is the same rule's.
			next := clauseEndRe().FindStringIndex(rest[end[1]:])
			if next == nil {
				end = nil
				break
			}
			end = []int{end[1] + next[0], end[1] + next[1]}
		}
		if end != nil {
			rest = rest[:end[0]]
		}
	}
	rest = withoutDangling(strings.TrimSpace(rest))
	if wishIfRe().MatchString(last + " ") {
		// "…, would it be all right if, from now on, every task had
		// …": the wish in its plain form.
		if w := wishIf(last + " " + rest); w != last+" "+rest {
			rest = w
		}
	}
	if h := markedHedgeRe().FindString(rest); h != "" {
		rest = rest[len(h):]
		if strings.Contains(strings.ToLower(h), " that") {
			// "I would ask that every policy be placed …": the
			// subjunctive is the rule's "should".
			rest = subjunctiveRe().ReplaceAllString(rest, "${1}should be ")
		}
	}
	if p := politeAsk(rest + "?"); p != rest+"?" {
		// "would it be possible for every chapter to open with …?"
		rest = p
	}
	if m := askYouRe().FindStringSubmatch(rest); m != nil && m[1] == "" && !notAsked[strings.ToLower(m[2])] {
		// "can you put all the numbers … in conf/tuning.lua?": the
		// marker makes the asking a rule, said plainly.
		rest = m[2] + m[3]
	}
	rest = askedModalRe().ReplaceAllString(rest, "$1 should ")
	rest = wishModalRe().ReplaceAllString(rest, "${1}should ")
	rest = strings.TrimRight(okTagRe().ReplaceAllString(rest+"?", ""), "?,;: ")
	if len(strings.Fields(rest)) < 4 || notMarkedRe().MatchString(rest) || conjRe().MatchString(rest) {
		return "", false
	}
	if m := thisPartRe().FindStringSubmatch(rest); m != nil && projectNouns[strings.ToLower(m[1])] {
		// "remember that this library has zero dependencies": the
		// project, named as the rule's subject.
		rest = "The " + rest[len("this "):]
	}
	if scopeLeadRe().MatchString(last) && len(strings.Fields(last)) <= 6 {
		rest = last + ", " + rest
	}
	return lead + rest, true
}

// cutConjRe is a clause cut before what its last word joins: "…, i keep
// forgetting and" once "then stuff breaks" ended the marked clause.
var cutConjRe = lazyregexp.New(`(?i)\s(?:and|or|but)$`)

// withoutDangling is a marked clause without a last clause cut short
// (cutConjRe): what is left is the rule, whole.
func withoutDangling(rest string) string {
	if !cutConjRe().MatchString(rest) {
		return rest
	}
	if locs := clauseSplitRe().FindAllStringIndex(rest, -1); len(locs) > 0 {
		return strings.TrimSpace(rest[:locs[len(locs)-1][0]])
	}
	return cutConjRe().ReplaceAllString(rest, "")
}

// soLead reports whether head ends with "so" or "so,": what follows is
// what the person draws from it.
func soLead(head string) bool {
	return strings.EqualFold(lastWord(strings.TrimRight(head, " ,")), "so")
}

// untilRe is a time limit set on what a clause tells: "frozen until the
// audit".
var untilRe = lazyregexp.New(`(?i)\buntil\b`)

// passingClause reports whether a marked clause tells of a passing state
// rather than a rule: a one-off ("for now", "today") or a state with an
// end ("the staging deploy is frozen until the audit"). "Going forward"
// then only says when. "anymore" tells a change that lasts ("every bucket
// goes to us-east-2, not us-west-1 anymore"), so it is no one-off here.
func passingClause(c string) bool {
	l := strings.ToLower(c)
	return strings.Contains(l, "until") && untilRe().MatchString(c) || oneOff(c) && !strings.Contains(l, "anymore")
}

// thisPartRe is "this" before the word that opens a clause.
var thisPartRe = lazyregexp.New(`(?i)^this (\w+)\b`)

// mayMarkClause is a cheap test that s holds a word of a marker
// markerClause looks for, so most sentences skip its regexps.
func mayMarkClause(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"now on", "forward", "henceforth", "here on", "onward", "remember", "in mind"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// openerWords are the words after which a marker opens what follows
// ("… also from now on every route …", "can you from now on put …").
var openerWords = map[string]bool{"also": true, "and": true, "plus": true, "so": true, "but": true, "whether": true,
	"that": true, "you": true, "u": true, "please": true, "then": true, "now": true, "pls": true, "think": true}

// opensClause reports whether a marker between head and the text after
// it opens the clause after it rather than closing the one before: it
// follows a clause break or a word that leads on ("also", "can you"),
// and no break or dash follows it. "use pnpm from now on, the lockfile
// …" and "…, from now on — …" close what came before.
func opensClause(head, after string) bool {
	if a := strings.TrimSpace(after); a == "" || strings.ContainsAny(a[:1], ".;-!?") || strings.HasPrefix(a, "\u2014") {
		return false
	}
	h := strings.TrimSpace(head)
	if h == "" {
		return false
	}
	if strings.ContainsAny(h[len(h)-1:], ",;:(") || strings.HasSuffix(h, "\u2014") {
		return true
	}
	return openerWords[strings.ToLower(lastWord(h))]
}

// conjRe opens a clause that goes on from what came before rather than
// stating a rule of its own.
var conjRe = lazyregexp.New(`(?i)^(?:and|but|or|so|for|with|as|if|when|like|too|as well)\b`)

// firstClause is s up to its first clause break.
func firstClause(s string) string {
	if loc := clauseSplitRe().FindStringIndex(s); loc != nil {
		return s[:loc[0]]
	}
	return s
}

// ventTail is s without the vents that close it ("…, I'm tired of
// untested routes"), unless the head is a vent too.
func ventTail(s string) string {
	for {
		locs := clauseSplitRe().FindAllStringIndex(s, -1)
		if len(locs) == 0 {
			break
		}
		last := locs[len(locs)-1]
		head := s[:last[0]]
		if !ventRe().MatchString(s[last[1]:]) || ventRe().MatchString(head) {
			break
		}
		s = head
	}
	return s
}
