package offline

import (
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/textkey"
)

// Before anything is written, the candidates are reconciled with each other
// and with what memory already says, so that the inbox never holds two
// lines that contradict each other or memory:
//   - a name the person ruled out ("pnpm, never npm") removes the commands
//     that use it from the verification line;
//   - the verification line is one structured line: an existing one is
//     rewritten in place (commands added or dropped), never added twice;
//   - a candidate that gives a newer value for what an existing line says
//     replaces that line instead of standing beside it;
//   - a candidate that says what an existing line says and adds to it
//     (where, which name, why) is an edit of that line, not a near-copy.
//   - a rule told in a message that rules out, as code, the command an
//     existing line says things are done with replaces that line.
//   - a line said as unchanged ("still", "as usual") that memory already
//     states in other words is not proposed again;
//   - a line said as continuing ("remains", "continue to", "as before")
//     that shares a name and another term with a memory line, and brings
//     no name or value of its own, is that line again;
//   - so is a line of plain telling whose names, two or more, one memory
//     line all holds.

// verificationPrefix opens the structured verification line.
const verificationPrefix = "Verification commands for this project:"

// reconcile returns the candidates to write, some turned into in-place
// rewrites of existing lines. The late changes are those only the runs
// show (retiredChanges): they rewrite what no candidate did, so a line
// telling the same change in words is the edit, not beside it. cited are
// the memory lines the agent followed and the person's replies denied
// (citedLines).
func reconcile(cands []candidate, said []source, changes, late []change, cited map[string]source, isNew func(int) bool, k *known, d memdir.Dir) []candidate {
	taken := map[string]bool{} // existing lines already rewritten
	banned := map[string]bool{}
	for _, c := range cands {
		if c.kind == KindInstruction || c.kind == KindCorrection {
			for _, w := range ruledOut(c.line) {
				banned[w] = true
			}
			for _, w := range quotedRuledOut(c) {
				banned[w] = true
			}
		}
	}
	for _, l := range k.lines {
		if !k.removed[l] {
			for _, w := range ruledOut(l) {
				banned[w] = true
			}
		}
	}
	// A candidate that names only the new value of what a memory line
	// holds is a change of that line (contra.go).
	guarded, held := valueGuardChanges(cands, changes, k)
	changes = append(changes, guarded...)
	if len(held) > 0 {
		kept := cands[:0:0]
		for _, c := range cands {
			if c.replaces != "" || !held[c.line] {
				kept = append(kept, c)
			}
		}
		cands = kept
	}
	cands = applyChanges(cands, said, changes, isNew, k, d, taken, banned)
	disowned := k.disownedLines(said, isNew)
	var out []candidate
	var verify *candidate
	for _, c := range cands {
		if c.kind == KindVerification {
			c := c
			verify = &c
			continue
		}
		if c.replaces == "" && (c.kind == KindInstruction || c.kind == KindCorrection) && (k.holds(c.line) || k.reminded(c) || k.restatesUnchanged(c) || k.restatesGoingOn(c) || k.namedAgain(c.line) || k.closeCopy(c.line)) {
			// (A line memory holds word for word is proposed neither
			// again nor as an edit of another line: the run that
			// wrote it took that line's place already.)
			continue
		}
		if c.kind == KindInstruction || c.kind == KindCorrection {
			c.line = withoutKnown(c.line)
		}
		if c.replaces == "" && (c.kind == KindInstruction || c.kind == KindCorrection) {
			// A rule told as a change that says a memory line's fact
			// anew, the line's thing given up, is its new form
			// (renewed), not the line said again with words added.
			old, path := k.renewed(c, said, isNew, taken)
			if old == "" {
				// The line the agent followed, cited and denied, is the
				// one the reply's rule sets right, whatever other line
				// it shares words or values with; and the reply naming
				// that line's thing denies it, it does not say it again.
				old, path = k.followed(c, cited, taken)
			}
			renewal := old != ""
			if old == "" {
				old, path = k.superseded(c.line, taken)
			}
			if old == "" {
				old, path = k.ruledInQuote(c, taken)
			}
			if old == "" {
				old, path = k.elaborated(c.line, taken)
			}
			if old != "" && !renewal {
				// Memory's line said again with a reason or another
				// sentence added is no edit of it: the sentences that
				// say it go, and a line saying nothing else is not
				// proposed.
				said := old
				line, ok := withoutSaid(c.line, func(s string) bool { return restatesLine(said, s) }, func(s string) bool {
					return holdsPhrase(strings.ToLower(said), textkey.Normalize(s))
				})
				if !ok {
					continue
				}
				if line != c.line {
					c.line = line
					old, path = k.elaborated(c.line, taken)
				}
			}
			if old == "" {
				old, path = k.overruled(c, said, taken)
			}
			if old == "" {
				old, path = k.discredited(c.line, taken)
			}
			if old == "" {
				old, path = k.clashes(c, said, taken)
				if e := valueEdit(old, c.line); e != "" {
					// Memory's line says more than its value: it
					// keeps what it says, with the new value.
					c.line = e
				}
			}
			if old == "" {
				old, path = k.keyClash(c, taken)
			}
			if old == "" {
				old, path = k.gaveUp(c, said, taken)
			}
			if old == "" {
				old, path = k.contradicted(c, said, taken)
			}
			if old == "" {
				old, path = k.negated(c, taken)
			}
			if old == "" {
				var e string
				if old, path, e = k.swappedName(c, taken); e != "" {
					c.line = e
				}
			}
			if old == "" {
				old, path = k.soleSibling(c, taken)
			}
			if old == "" {
				old, path = k.correctedSibling(c, taken)
			}
			if old == "" {
				old, path = k.staleNamed(c, said, taken)
			}
			if old == "" {
				old, path = k.disowns(c, said, disowned, taken)
			}
			if old == "" {
				if l, p, rule := k.dismissed(c, said, taken); rule != "" {
					old, path, c.line = l, p, rule
				}
			}
			if old != "" && path == d.Targets.GlobalMemory && !c.global && !personal(c.line) {
				// A rule of this project is no newer form of the
				// person's own line: it leaves the global memory alone.
				old = ""
			}
			if old != "" && path != d.Targets.GlobalMemory && c.global {
				// Nor is the person's own way in every project a newer
				// form of a line of this one.
				old = ""
			}
			if old != "" {
				c.replaces, c.replaceIn = old, path
				c.global = path == d.Targets.GlobalMemory
				taken[old] = true
			}
			if old == "" && k.givesValues(c) {
				// (A second run, the first one's edit pending.)
				continue
			}
		}
		out = append(out, c)
	}
	// The lines the person denied: cited ones first, by their replies.
	denied := maps.Clone(disowned)
	if denied == nil {
		denied = map[string]disowner{}
	}
	for l, by := range cited {
		was := denied[l] // (keeping the name a disowning gave)
		was.by = by
		denied[l] = was
	}
	k.takesDenied(out, denied, said, taken, d.Targets.GlobalMemory)
	out = applyChanges(out, said, late, isNew, k, d, taken, banned)
	out = withoutStale(out, said, k, taken)
	out = withoutRetiredNews(out, k, taken)
	out = withoutToldEdits(out, k)
	if v := verificationUpdate(verify, out, said, k, banned, d, taken); v != nil {
		out = append([]candidate{*v}, out...)
	}
	return out
}

// givesValues reports whether a line a pending patch adds gives every
// value c names (its versions, ports, paths and other written values):
// the line the run that wrote the patch made from c's message, swapping
// the value a memory line held for c's (clashes). With that line pending,
// c finds no line holding its old value, and read again it tells nothing
// the patch does not.
func (k *known) givesValues(c candidate) bool {
	vals := valuesOf(c.line)
	if len(vals) == 0 {
		return false
	}
	for _, l := range k.lines {
		if k.removed[l] || k.from[l] != "" || strings.Contains(l, verificationPrefix) {
			continue
		}
		all := true
		for _, v := range vals {
			all = all && holdsValue(l, v)
		}
		if all {
			return true
		}
	}
	return false
}

// holdsValue reports whether line gives the typed value v (kind and value
// alike: "9.1" in "Vim 9.1+ only").
func holdsValue(line string, v typedValue) bool {
	for _, lv := range typedValues(line) {
		if lv.kind == v.kind && (lv.value == v.value || lv.kind == "version" && strings.HasPrefix(lv.value, v.value+".")) {
			// (A version said less precisely is the one held: "to
			// 5.38" of "Perl 5.38.2".)
			return true
		}
	}
	return false
}

// valueEdit is memory's line old with the one value line gives anew in
// its place ("Vim 9.0+ only (vim9script), no Neovim support." with 9.1
// from "Bumped the minimum to vim 9.1 …"), when old says more than line
// does (two terms or more line lacks): replacing it with line would lose
// those. "" when old says no more, or no one value pairs.
func valueEdit(old, line string) string {
	if old == "" {
		return ""
	}
	mem := strings.TrimSpace(strings.TrimLeft(old, "-*+ "))
	own := termSet(nonValues(line))
	more := 0
	for _, t := range nonValues(mem) {
		if !own[t] {
			more++
		}
	}
	if more < 2 {
		return ""
	}
	from, to := "", ""
	for _, v := range valuesOf(line) {
		for _, mv := range valuesOf(mem) {
			if mv.kind != v.kind || sameValue(v.kind, mv.value, v.value) || v.kind == "version" && mv.of != v.of || v.kind == "path" {
				// (A path is written many ways, "migrations/" as the
				// word "migrations" too: it is not edited in place.)
				continue
			}
			if from != "" && (from != mv.value || to != v.value) {
				return ""
			}
			from, to = mv.value, v.value
		}
	}
	if from == "" {
		return ""
	}
	e := replaceValue(mem, from, to)
	if e == mem {
		// A floor ("9.0+") is the version with a plus.
		e = strings.ReplaceAll(mem, from+"+", to+"+")
	}
	if e == mem {
		return ""
	}
	return e
}

// moveWordRe is a move told in the present ("leadership decided we move
// the platform out of Ireland"), which changeSignalRe, reading what
// happened, leaves to the readers of plans.
var moveWordRe = lazyregexp.New(`(?i)\b(?:we|they|everything|all)\s+(?:\w+\s+)?(?:move|migrate|switch)\b`)

// withoutToldEdits drops a new line that only tells a change (a change
// word: changeSignalRe, moveWordRe) an in-place edit of the same patch
// makes ("The app is on 9090 now." beside "Server listens on port 9090
// …", which was port 8080), or names nothing the edit's line does not
// ("We are on dolfinx 0.9.0, in the same fenicsx-env."): every value the
// line gives is one the edit brings and the line it rewrites did not
// hold. So does a line stating, not ruling, the edit's fact, tied to it by
// a token as foldSharedToken ties two new lines ("The page is an Xslate
// template." beside the edit "Templates are Text::Xslate files in
// views/."). The edit keeps the dropped line's evidence. A pending patch's
// edit counts too, so that a second run does not propose the line either.
func withoutToldEdits(out []candidate, k *known) []candidate {
	type edit struct {
		line, replaces string
		at             int // the edit's place in out; -1 for a pending one
		toks           map[string]bool
	}
	var edits []edit
	for i, c := range out {
		if c.replaces != "" {
			edits = append(edits, edit{c.line, c.replaces, i, foldTokens(c.line)})
		}
	}
	for l := range k.removed {
		// A pending patch's edit: the line it adds that shares the
		// removed line's words.
		for _, a := range k.lines {
			if k.from[a] == "" && !k.removed[a] && sharedTerms(a, l) >= 2 {
				edits = append(edits, edit{a, l, -1, foldTokens(a)})
			}
		}
	}
	if len(edits) == 0 {
		return out
	}
	drop := map[int]bool{}
	for i, c := range out {
		if c.replaces != "" || c.kind != KindInstruction && c.kind != KindCorrection {
			continue
		}
		told := changeSignalRe().MatchString(c.line) || moveWordRe().MatchString(c.line)
		stated := c.kind == KindInstruction && !c.global && !ruleWordRe().MatchString(c.line) && !negatesRe().MatchString(c.line)
		vals := typedValues(c.line)
		keys := looseValues(c.line)
		toks := foldTokens(c.line)
		for _, e := range edits {
			retold := told || namesOnlyOf(c.line, e.line)
			if !retold && !stated {
				continue
			}
			brought := retold && len(vals) > 0
			for _, v := range vals {
				brought = brought && holdsValue(e.line, v) && !holdsValue(e.replaces, v)
			}
			if retold && !brought && len(keys) > 0 {
				// A value written another way: "clang 18" of
				// "linux-clang18", ".NET 8" of "net8.0", "0.9.0"
				// of "0.9", an image's tag of the version.
				have, had := looseKeySet(e.line), looseKeySet(e.replaces)
				brought = true
				for _, alts := range keys {
					brought = brought && slices.ContainsFunc(alts, func(a string) bool { return have[a] }) && !slices.ContainsFunc(alts, func(a string) bool { return had[a] })
				}
			}
			if retold && !brought && len(vals) == 0 {
				// A host the edit's address holds, said bare: "the
				// broker is on mq.internal now" of
				// "amqp://orderdesk@mq.internal:5672/orderdesk".
				names := dottedNames(c.line)
				brought = len(names) > 0
				for _, n := range names {
					brought = brought && strings.Contains(strings.ToLower(e.line), n) && !strings.Contains(strings.ToLower(e.replaces), n)
				}
			}
			if !brought && stated && tiedByToken(candidate{kind: KindInstruction, line: e.line}, c, e.toks, toks) {
				brought = true
			}
			if brought {
				drop[i] = true
				if e.at >= 0 {
					out[e.at].srcs = append(out[e.at].srcs, c.srcs...)
				}
				break
			}
		}
	}
	return without(out, drop)
}

// dottedNames are the words of line written as names with a dot inside,
// letters on each side ("mq.internal"), lower-cased: hosts and files said
// bare.
func dottedNames(line string) []string {
	var out []string
	for _, f := range strings.Fields(line) {
		w := strings.ToLower(trimValue(strings.Trim(f, "`")))
		i := strings.Index(w, ".")
		if i > 0 && i < len(w)-1 && !strings.ContainsAny(w, "/:@") && unicode.IsLetter(rune(w[i-1])) && unicode.IsLetter(rune(w[i+1])) {
			out = append(out, w)
		}
	}
	return out
}

// without is xs less the items at the places drop marks; xs itself when
// it marks none.
func without[T any](xs []T, drop map[int]bool) []T {
	if len(drop) == 0 {
		return xs
	}
	kept := xs[:0:0]
	for i, x := range xs {
		if !drop[i] {
			kept = append(kept, x)
		}
	}
	return kept
}

// knownRe is the person saying the listener knows it already: "as you
// know", "you know this already", "like the memory says".
var knownRe = lazyregexp.New(`(?i)\b(?:as you (?:know|are aware)|you (?:already )?know (?:this|that|it)?\s*already|you already know|(?:like|as) (?:the |our )?(?:memory|memory file|notes|docs) (?:says?|said)|as (?:we|i) (?:agreed|noted|wrote) (?:before|earlier))\b`)

// unchangedRe is the person saying a thing is as it was: "the API is
// still the Go one", "nothing changed there", "as usual".
var unchangedRe = lazyregexp.New(`(?i)\b(?:as usual|as always|like always|same as (?:always|before|ever)|(?:is|are) still|nothing(?: has)? changed|(?:has|have)n'?t changed|unchanged)\b`)

// goesOnRe is a person saying a thing goes on as it was: "Netty remains
// the engine", "continue to write British spelling", "the files still go
// into …", "as before", "as ever", "I take it …". Such a sentence says
// nothing new by construction: it restates something settled.
var goesOnRe = lazyregexp.New(`(?i)\b(?:still|remains?|remained|continues? to|continued to|stays?|stayed|as (?:before|ever)|like before|same as (?:before|ever)|i take it|as it is|as they are|unchanged|nothing (?:new|changed)(?: there| here)?)\b`)

// newThingRe is "new" before the thing it makes new (group 1).
var newThingRe = lazyregexp.New(`(?i)\bnew\s+([a-z]{3,})\b`)

// goingNewsRe is a continuing sentence that also tells news: "still Go, but
// it calls the ledger over gRPC now".
var goingNewsRe = lazyregexp.New(`(?i)\b(?:but|however|except|instead|now|new|no longer|any ?more|anymore|switch\w*|mov(?:e|ed|ing) to|chang\w*|replac\w*)\b`)

// restatesGoingOn reports whether a candidate said as continuing
// (goesOnRe) or as the usual way ("like the rest", "as always":
// conventionRe) in every sentence it comes from is a line memory already
// holds in other words ("I take it Netty remains the engine." beside "Ktor
// 2.3.12 with the Netty engine."): the two share two terms, one of them a
// name (a code name, a value, a word capitalised past the first), and every
// name and value the candidate gives is memory's line's too, so it brings
// nothing but its wording. A continuing sentence that names something the
// line does not ("still Go, but over gRPC with mTLS") or says what is new
// keeps its own line. A line a pending patch adds counts as memory's: a
// second run finds the first run's edit of the line there.
func (k *known) restatesGoingOn(c candidate) bool {
	if len(c.srcs) == 0 {
		return false
	}
	for _, s := range c.srcs {
		if !goesOnRe().MatchString(s.quote) && !conventionRe().MatchString(s.quote) {
			return false
		}
	}
	return k.goesOnAs(conventionRe().ReplaceAllString(c.line, " "))
}

// goesOnAs reports whether a line said as continuing is a line memory
// holds in other words (restatesGoingOn, which asks it of a candidate all
// of whose sentences were said so). The writer asks it of each sentence of
// a line said as continuing ("Parameter files stay one per environment
// under params, as before." after a sentence of news), so that the
// sentence memory holds goes and the news stays.
func (k *known) goesOnAs(line string) bool {
	line = goesOnRe().ReplaceAllString(line, " ")
	// kind: the thing a "new" names ("new route /metrics, goes in
	// router.zig"), when that is all the news: one more of a kind the
	// rule is about, which memory's line must name ("Routes are
	// registered in src/router.zig").
	kind := ""
	if goingNewsRe().MatchString(line) {
		m := newThingRe().FindStringSubmatch(line)
		if m == nil || goingNewsRe().MatchString(newThingRe().ReplaceAllString(line, " ")) {
			return false
		}
		kind = textkey.Stem(strings.ToLower(m[1]))
	}
	mine := namePartSet(line)
	var own []string               // the candidate's names and values
	lineNames := map[string]bool{} // the word parts of the candidate's names
	for n := range nameTerms(line) {
		own = append(own, n)
		for p := range namePartSet(n) {
			lineNames[p] = true
		}
	}
	for v := range valueTerms(factTerms(line)) {
		own = append(own, v)
	}
	for _, l := range k.lines {
		if k.removed[l] || strings.Contains(l, verificationPrefix) || kind != "" && !termSet(factTerms(l))[kind] {
			continue
		}
		theirs := namePartSet(l)
		if !coversNames(own, theirs) {
			continue
		}
		names := maps.Clone(lineNames)
		for n := range nameTerms(l) {
			for p := range namePartSet(n) {
				names[p] = true
			}
		}
		shared, named := 0, false
		for t := range mine {
			if theirs[t] {
				shared++
				named = named || names[t]
			} else if kinTerm(t, theirs) {
				// ("validation" and "validated": one word's forms.)
				shared++
			}
		}
		if shared >= 2 && named {
			return true
		}
	}
	return false
}

// kinTerm reports whether terms hold another form of the word t that
// the stemmer leaves apart ("validation" beside "validat"): the two share
// their first six letters.
func kinTerm(t string, terms map[string]bool) bool {
	if len(t) < 6 {
		return false
	}
	for o := range terms {
		if len(o) >= 6 && o[:6] == t[:6] && strings.IndexFunc(o, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			return true
		}
	}
	return false
}

// restatesLine reports whether memory line l states line's fact (says, the
// measure the writer drops a known line by), says it the same way (a line
// that denies what l tells, or tells what it denies, overrules it; one
// telling a change edits it) and names nothing l does not: what it adds
// is a reason or a lead-in.
func restatesLine(l, line string) bool {
	if ruling(l) != ruling(line) || tellsChange(line) || !says(l, line, textkey.Normalize(line)) {
		return false
	}
	// A name or value l does not hold is news: a stage renamed, a
	// channel moved, told without a number, is an edit of l.
	low := strings.ToLower(l)
	for n := range codeNames(line) {
		if n = strings.ToLower(strings.Trim(n, "`")); len(n) > 2 && !strings.Contains(low, n) {
			return false
		}
	}
	for v := range valueTerms(factTerms(line)) {
		if !strings.Contains(low, strings.Trim(v, "`")) {
			return false
		}
	}
	return true
}

// ruling reports whether a line denies or rules something out: a
// negation (negatedClause), or a contrast that rules out the thing it
// names ("the currency code rather than a symbol", "the queue instead of
// cron"), which says what "never a symbol" or "not cron" says. Two
// wordings of one rule often differ only in which of them they use.
func ruling(s string) bool {
	if negatedClause(s) {
		return true
	}
	low := strings.ToLower(s)
	return strings.Contains(low, " rather than ") || strings.Contains(low, " instead of ")
}

// coversNames reports whether every name or value is in a line's terms
// (namePartSet), whole or by all its word parts ("scripts/python" by the
// folders of "~/.config/…/user/Scripts/python/").
func coversNames(names []string, terms map[string]bool) bool {
	for _, n := range names {
		parts := namePartSet(n)
		if len(parts) == 0 {
			continue
		}
		some, words := false, true // a part in the line; every plain word part in it
		for p := range parts {
			if terms[p] {
				some = true
			} else if !strings.ContainsAny(p, "/._-`:") {
				words = false
			}
		}
		if !some || !words {
			return false
		}
	}
	return true
}

// apportion are the words that share things out ("one module per flow",
// "each flow under flows/"): the same layout is worded with any of them.
var apportion = map[string]bool{"one": true, "each": true, "per": true, "every": true, "under": true, "in": true, "own": true}

// restatesUnchanged reports whether a candidate only says again, as
// unchanged, what a memory line says: every sentence it comes from says
// the thing is as it was ("the API is still the Go one, nothing changed"),
// most of the memory line's terms are in it, a compound name counted by
// any of its parts ("api/" for "services/api/"), and it adds at most two
// terms of its own. Said as news, the same words would be a fact to
// propose; said as unchanged, they are memory's line again.
func (k *known) restatesUnchanged(c candidate) bool {
	if len(c.srcs) == 0 {
		return false
	}
	for _, s := range c.srcs {
		if !unchangedRe().MatchString(s.quote) {
			return false
		}
	}
	line := unchangedRe().ReplaceAllString(c.line, " ")
	mine := replyTerms(line)
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		theirs := replyTerms(l)
		var terms []string
		for _, t := range factTerms(l) {
			if !apportion[t] {
				terms = append(terms, t)
			}
		}
		covered := 0
		for _, t := range terms {
			in := mine[t]
			for _, p := range nameParts(t) {
				in = in || mine[p]
			}
			if in {
				covered++
			}
		}
		extra := 0
		for _, t := range factTerms(line) {
			if !theirs[t] && !apportion[t] {
				extra++
			}
		}
		if covered >= 2 && 5*covered >= 3*len(terms) && extra <= 2 {
			return true
		}
	}
	return false
}

// reminded reports whether a candidate only reminds of what a memory line
// says: every sentence it comes from says the listener knows it already,
// and a line read from a memory file covers it (the same fact, or most of
// the terms of each). "As you know" also opens news about a thing memory
// names ("as you know, API handlers always return problem+json" beside
// "API handlers live in app/handlers"): two shared words are not enough.
func (k *known) reminded(c candidate) bool {
	if len(c.srcs) == 0 {
		return false
	}
	for _, s := range c.srcs {
		if !knownRe().MatchString(s.quote) {
			return false
		}
	}
	terms := factTerms(c.line)
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] {
			continue
		}
		if _, dice := textkey.Overlap(terms, factTerms(l)); dice >= 0.5 || sameFact(c.line, l) {
			return true
		}
	}
	return false
}

// withoutKnown is line without the person saying the listener knows it
// ("As you know, every release is tagged." is "Every release is
// tagged."): memory states the rule, not how it was said.
func withoutKnown(line string) string {
	loc := knownRe().FindStringIndex(line)
	if loc == nil {
		return line
	}
	before := strings.TrimRight(line[:loc[0]], " ,;:—-")
	after := strings.Trim(line[loc[1]:], " ,;:—-.")
	rest := strings.TrimSpace(before + " " + after)
	if len(factTerms(rest)) == 0 {
		return line
	}
	return asLine(rest)
}

// usesBanned reports whether a command runs a program the person ruled
// out, directly or through a runner (`npx mocha`, `poetry run pytest`),
// or a script or target given up by its name.
func usesBanned(cmd string, banned map[string]bool) bool {
	if c, ok := oneCommand(cmd); ok {
		// A script or target given up by a name written as one (`npm
		// run test:unit` after "the test:unit script doesn't exist
		// anymore"); a plain word ("never run lint first") names no
		// script.
		if kf := strings.Fields(strings.ToLower(c.key)); len(kf) > 1 {
			if w := kf[len(kf)-1]; banned[w] && strings.ContainsAny(w, ":-_.0123456789") {
				return true
			}
		}
	}
	f := strings.Fields(strings.ToLower(cmd))
	for len(f) > 0 {
		if banned[f[0]] {
			return true
		}
		n := 0
		if len(f) > 1 {
			n = runners[f[0]+" "+f[1]]
		}
		if n == 0 {
			n = runners[f[0]]
		}
		if n == 0 || len(f) <= n {
			return false
		}
		f = f[n:]
	}
	return false
}

// verificationUpdate merges the mined verification commands with the
// existing verification line, dropping ruled-out ones. With no such line,
// a memory line that only lists checks, one of them no longer run as
// written (checksLine), is that line in free words: the verification line
// takes its place. It returns nil when nothing changes.
func verificationUpdate(v *candidate, rules []candidate, said []source, k *known, banned map[string]bool, d memdir.Dir, taken map[string]bool) *candidate {
	var cmds []string
	if v != nil {
		for _, c := range v.cmds {
			if n := v.newer[c]; n != "" && (usesBanned(c, banned) || banned[runnerTool[firstWord(c)]]) {
				// `poetry run pytest` after "from poetry to uv":
				// the newest run's `uv run pytest`; `npx nx e2e`
				// after "from npm to pnpm", the newest run's `pnpm
				// nx e2e` (npx alone still runs with pnpm).
				c = n
			}
			if !usesBanned(c, banned) && !dangerous(c) {
				cmds = append(cmds, c)
			}
		}
	}
	old, path := k.verificationLine()
	if old == "" {
		if len(cmds) == 0 {
			return nil
		}
		if l, p, kept := k.checksLine(cmds, banned, taken, d.Targets.GlobalMemory); l != "" {
			// "Unit tests: `npx jest`, lint with `npx eslint src`."
			// after the move to vitest: replaced, not left beside.
			cmds = append(cmds, kept...)
			v.replaces, v.replaceIn = l, p
			taken[l] = true
		}
		v.cmds, v.line = cmds, verificationLine(cmds)
		return v
	}
	if path == "" {
		path = d.File(d.Local())
	}
	var merged []string
	given := dismissedChecks(rules, said, old)
	for _, c := range backticked(old) {
		if !usesBanned(c, banned) && !given[c] {
			merged = append(merged, c)
		}
	}
	have := map[string]bool{}
	for _, c := range merged {
		have[c] = true
	}
	restated := v != nil && staleForms(merged, v, have)
	// A command another memory line already names ("Build the PDF with
	// `latexmk`") is left out unless the line gains a check memory does
	// not name: then it lists them all, as a new line does.
	adds := restated
	for _, c := range cmds {
		adds = adds || !have[c] && !k.mentions(c)
	}
	for _, c := range cmds {
		if !have[c] && adds {
			merged = append(merged, c)
			have[c] = true
		}
	}
	if len(merged) == 0 || verificationLine(merged) == strings.TrimSpace(strings.TrimLeft(old, "-*+ ")) {
		return nil
	}
	out := candidate{kind: KindVerification, cmds: merged, line: verificationLine(merged), replaces: old, replaceIn: path}
	if v != nil {
		out.srcs = v.srcs
	}
	out.global = path == d.Targets.GlobalMemory
	return &out
}

// ranCheck is one run of a check: as written, and when.
type ranCheck struct {
	text string
	at   time.Time
}

// staleForms puts a mined command in the place of the older form
// memory's verification line lists for the same check when no session ran
// that form as written since the mined one first ran: the check now runs
// another way (`cargo clippy` then `cargo clippy -- -D warnings` every
// time; `python -m unittest discover` then `pytest`, the one test command
// of each line), and listing both would keep the way given up. The same
// check is the same program and subcommand, or the one command of a
// category on each side. It reports whether it replaced any; have gains
// the commands put in.
func staleForms(merged []string, v *candidate, have map[string]bool) bool {
	perCat := func(list []string) map[string]int {
		n := map[string]int{}
		for _, s := range list {
			if c, ok := oneCommand(s); ok && c.category != "" {
				n[c.category]++
			}
		}
		return n
	}
	oldCats, newCats := perCat(merged), perCat(v.cmds)
	replaced := false
	for i, o := range merged {
		oc, ok := oneCommand(o)
		if !ok {
			continue
		}
		for _, n := range v.cmds {
			nc, ok := oneCommand(n)
			if !ok || have[n] {
				continue
			}
			same := oc.checkKey() == nc.checkKey() ||
				oc.category != "" && oc.category == nc.category && oldCats[oc.category] == 1 && newCats[nc.category] == 1
			if !same || ranSince(v.runs, o, v.since[n]) {
				continue
			}
			merged[i], have[n], replaced = n, true, true
			break
		}
	}
	return replaced
}

// ranSince reports whether a run at or after t used cmd as written, or
// aimed it at a target (`pytest tests/test_x.py` runs `pytest`; `pytest
// -x` is another form).
func ranSince(runs []ranCheck, cmd string, t time.Time) bool {
	for _, r := range runs {
		if r.at.Before(t) {
			continue
		}
		if r.text == cmd {
			return true
		}
		if rest, ok := strings.CutPrefix(r.text, cmd+" "); ok && !strings.HasPrefix(rest, "-") {
			return true
		}
	}
	return false
}

// maxChecksLineTerms bounds the words a memory line may say beside the
// commands it lists and still be a list of checks ("Before committing
// run `flake8` and `pytest`"): a line saying more keeps what it says.
const maxChecksLineTerms = 4

// checksLine finds a memory line, read from a project file (not the
// global one) and not yet rewritten, that lists checks in code spans and
// little else, one of them no longer run as written: the project's checks
// told before the verification line existed, now stale. It returns the line, its file, and the commands of
// it to keep: those of a kind of check cmds has no command for (neither
// the same program nor the same category), and not ruled out. A line
// whose spans cmds all lists still holds: "".
func (k *known) checksLine(cmds []string, banned, taken map[string]bool, global string) (string, string, []string) {
	keys, cats := map[string]bool{}, map[string]bool{}
	for _, c := range cmds {
		for _, p := range commands(c) {
			keys[p.checkKey()] = true
			if p.category != "" {
				cats[p.category] = true
			}
		}
	}
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || path == global || k.removed[l] || taken[l] {
			continue
		}
		spans := backticked(l)
		if len(spans) == 0 {
			continue
		}
		rest := l
		for _, s := range spans {
			rest = strings.Replace(rest, "`"+s+"`", " ", 1)
		}
		if len(factTerms(rest)) > maxChecksLineTerms {
			continue
		}
		var kept []string
		stale, checks := false, true
		for _, s := range spans {
			c, ok := oneCommand(s)
			if !ok {
				checks = false
				break
			}
			covered := keys[c.checkKey()] || c.category != "" && cats[c.category]
			if c.category == "" && !keys[c.checkKey()] {
				checks = false
				break
			}
			if slices.ContainsFunc(cmds, func(x string) bool { return x == s || strings.HasPrefix(x, s+" ") }) {
				// Listed, or listed with more options
				// (`npx antora playbook.yml --log-failure-level=warn`).
				continue
			}
			if covered || usesBanned(s, banned) {
				stale = true
				continue
			}
			kept = append(kept, s)
		}
		if checks && stale {
			return l, path, kept
		}
	}
	return "", "", nil
}

// backticked lists the `code` spans of a line.
func backticked(s string) []string {
	var out []string
	parts := strings.Split(s, "`")
	for i := 1; i < len(parts); i += 2 {
		if c := strings.TrimSpace(parts[i]); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// verificationLine finds the existing structured verification line (the
// pending one if a patch already rewrote it) and its file.
func (k *known) verificationLine() (string, string) {
	for _, l := range k.lines {
		if k.removed[l] || !strings.Contains(l, verificationPrefix) {
			continue
		}
		if path := k.from[l]; path != "" {
			return l, path
		}
		// A pending line: the verification line is already being
		// rewritten or added; never add another.
		return l, ""
	}
	return "", ""
}

// superseded finds an existing memory line (read from a file, not yet
// rewritten) that line gives a newer value for.
//
// A line whose values one memory line holds already, every one of them,
// is about that line ("Postgres is still on 5432" beside "Postgres listens
// on port 5432"): it gives no newer value for another line that only
// shares a setting noun with it ("Redis runs on port 6379").
func (k *known) superseded(line string, taken map[string]bool) (string, string) {
	if vn := valueTerms(factTerms(line)); len(vn) > 0 {
		for _, l := range k.lines {
			if !k.removed[l] && !strings.Contains(l, verificationPrefix) && subset(vn, valueTerms(factTerms(l))) {
				return "", ""
			}
		}
	}
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		if supersedes(line, l) {
			return l, path
		}
	}
	return "", ""
}

// ruledInQuote finds an existing memory line (read from a file, not yet
// rewritten) that relies on a name the sentence c was said in rules out,
// where the line kept only what holds now: "it's a Black Pill with the
// STM32F411CEU6 now, not the F401 anymore" gives the line "… with the
// STM32F411CEU6 now", and "Target chip is STM32F401" is what it replaces.
func (k *known) ruledInQuote(c candidate, taken map[string]bool) (string, string) {
	for _, w := range quotedRuledOut(c) {
		if !hasDigit(w) && !strings.ContainsAny(w, "./:_@") || hasWord(c.line, w) || modelTail(c.line, w) {
			// (Only a name as exact as a value says which line: "not
			// live" rules out a binding mode, and "live" is a verb of
			// "components live in app/Livewire" too.)
			continue
		}
		for _, l := range k.lines {
			path := k.from[l]
			if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
				continue
			}
			if (hasWord(l, w) || modelTail(l, w)) && !negatedIn(l, w) {
				return l, path
			}
		}
	}
	return "", ""
}

// elaborated finds an existing memory line (read from a file, not yet
// rewritten) that line restates with more detail: it keeps nearly all of
// the old line's terms and adds a name written as code, or three terms.
func (k *known) elaborated(line string, taken map[string]bool) (string, string) {
	tn := textkey.Terms(line)
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		// Every word of the old line, "never" and "commit" included: a
		// line that drops one says something else.
		to := textkey.Terms(strings.TrimLeft(l, "-*+ "))
		if len(to) < 2 || contained(to, tn) < 0.8 || len(to) <= 4 && contained(to, tn) < 1 {
			continue
		}
		oldNames := codeNames(l)
		newName := false
		for n := range codeNames(line) {
			newName = newName || !oldNames[n] && !strings.Contains(strings.ToLower(l), n)
		}
		added := len(tn) - len(to)
		if newName && added >= 1 || added >= 3 {
			return l, path
		}
	}
	return "", ""
}

// ruledCommandRe is a command, written as code, that a negation right
// before it rules out: "don't `helm upgrade` by hand", "never use
// `rsync -a`", "through the pipeline, not `kubectl apply`". Anything more
// between them and the negation is about something else ("not sure
// `make build` is the culprit"), and "stop `x`" stops a running thing.
var ruledCommandRe = lazyregexp.New("(?i)\\b(?:don'?t|do not|never|no more|not)\\s+(?:(?:use|run|call|do)\\s+)?`([^`]+)`")

// overruled finds an existing memory line (read from a file, not yet
// rewritten) that tells to do what a message c came from rules out by
// name: "Releases are pushed with helm upgrade" when the message said
// "don't `helm upgrade` by hand, releases go through argo". The new rule
// takes the old line's place; beside it, the old line would contradict
// it. Only a command of two words or more, found whole in the line and
// not ruled out there too, is specific enough to say which line, and only
// when the rule and the line share a term: a message that rules out one
// command and sets an unrelated rule leaves the command's line alone.
func (k *known) overruled(c candidate, said []source, taken map[string]bool) (string, string) {
	type message struct {
		session int
		id      string
	}
	msgs := map[message]bool{}
	for _, s := range c.srcs {
		msgs[message{s.session, s.msgID}] = true
	}
	var cmds []string
	for _, s := range said {
		if !msgs[message{s.session, s.msgID}] {
			continue
		}
		for _, m := range ruledCommandRe().FindAllStringSubmatch(s.quote, -1) {
			if cmd := strings.ToLower(strings.Join(strings.Fields(m[1]), " ")); strings.Contains(cmd, " ") {
				cmds = append(cmds, cmd)
			}
		}
	}
	if len(cmds) == 0 {
		return "", ""
	}
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		low := strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(l, "`", "")), " "))
		if sharedTerms(c.line, l) == 0 {
			continue
		}
		for _, cmd := range cmds {
			if strings.Contains(low, cmd) && !negatedIn(low, cmd) {
				return l, path
			}
		}
	}
	return "", ""
}

// faultRe is a clause saying a named thing fails at its job: "the cache
// gets wiped on every deploy", "cron is flaky", "the sftp drop keeps
// timing out", "the old queue doesn't work for this". The name is the
// last of the one or two words right before.
var faultRe = lazyregexp.New(`(?i)([\w.@/+-]+(?:\s+[\w.@/+-]+)?)\s+(?:(?:gets?|got|is|are|was|were|keeps?|has been|have been|can be|may be)\s+(?:\w+\s+)?(?:wiped|cleared|purged|evicted|lost|corrupted|flaky|unreliable|broken|unusable|timing out)|(?:breaks|corrupts|loses|drops) (?:\w+ )?(?:data|state|settings|entries|messages|things|stuff)|(?:doesn'?t|does not|won'?t|can'?t|cannot) (?:be trusted|work|keep|survive|persist|hold))\b`)

// useRe is a line telling what to use or where things go: what takes the
// place of the thing it says fails.
var useRe = lazyregexp.New(`(?i)\b(?:use|using|go(?:es)? (?:in|into|through|to)|store|keep|put|persist|switch(?:ed)? to|move(?:d)? to)\b`)

// discredited finds the one existing memory line (read from a file, not
// yet rewritten) that relies on a name line says fails at its job while
// it tells what to use instead: "from now on use the keyring for tokens,
// the dotfile gets wiped on upgrade" beside "- tokens are cached in the
// dotfile". Beside the new rule the old line would still say to use what
// fails, so the rule takes its place. The old line must rely on the name
// as the means or the place ("in the dotfile", "with cron", "on the mini"):
// "the network share is mounted at /mnt/net" does not rely on the network
// that "use retries, the network is flaky" says fails. The two lines must
// also be about one thing beyond the name ("tokens" above): "use tabs, the
// linter is flaky" overrules no line on fixing what the linter reports. A
// name two memory lines rely on leaves both alone: which one the rule
// overrules is not said.
func (k *known) discredited(line string, taken map[string]bool) (string, string) {
	if !useRe().MatchString(line) {
		return "", ""
	}
	var names []string
	for _, m := range faultRe().FindAllStringSubmatch(line, -1) {
		f := strings.Fields(m[1])
		n := strings.ToLower(strings.Trim(f[len(f)-1], ".-`"))
		if !textkeyStop(n) && !narration[n] && len(n) >= 3 {
			names = append(names, n)
		}
	}
	for _, n := range names {
		found, path := "", ""
		for _, l := range k.lines {
			if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) || !reliesOn(l, n) || negatedIn(l, n) || sharedTerms(line, l) < 2 {
				continue
			}
			if found != "" {
				found = ""
				break
			}
			found, path = l, k.from[l]
		}
		if found != "" && !taken[found] {
			return found, path
		}
	}
	return "", ""
}

// meansWords say by what means or in what place a thing is done.
var meansWords = map[string]bool{"in": true, "into": true, "with": true, "via": true, "through": true, "thru": true,
	"using": true, "use": true, "on": true, "to": true, "from": true, "by": true}

// reliesOn reports whether line names name as the means or the place of
// what it says: a word of meansWords at most three words before it ("in
// localStorage", "on the build box", "with the old cron").
func reliesOn(line, name string) bool {
	f := strings.Fields(strings.ToLower(line))
	for i, t := range f {
		if strings.Trim(t, "`'\".,;:!?()") != name {
			continue
		}
		for j := max(0, i-3); j < i; j++ {
			if meansWords[f[j]] {
				return true
			}
		}
	}
	return false
}

// applyChanges rewrites what a later sentence says changed: an existing
// memory line that states the old value becomes an edit of that line with
// the new value (the sessions that stated the old value and the one that
// changed it as evidence), and a candidate stated before the change takes
// the new value too. A candidate that only retells the change ("actually we
// moved the dev server to 3001") is folded into the edit, so the inbox holds
// the fact once, in its latest form. Lines it rewrites are marked taken.
//
// The tool a change gave up joins banned: its commands leave the
// verification line as a ruled-out tool's do.
func applyChanges(cands []candidate, said []source, changes []change, isNew func(int) bool, k *known, d memdir.Dir, taken, banned map[string]bool) []candidate {
	if len(changes) == 0 {
		return cands
	}
	// An edit is a memory line or a candidate and the changes applied to
	// it.
	type edit struct {
		c       candidate
		orig    string // the memory line as it stands; "" for a candidate
		applied []change
	}
	var edits []*edit
	// memLines are the lines a change told without its old value may be
	// about: memory's and those a pending patch writes.
	var memLines []string
	for _, l := range k.lines {
		if k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		memLines = append(memLines, l)
		if path := k.from[l]; path != "" && !taken[l] {
			edits = append(edits, &edit{orig: l, c: candidate{kind: KindInstruction, line: l, replaces: l, replaceIn: path, global: path == d.Targets.GlobalMemory}})
		}
	}
	for _, c := range cands {
		edits = append(edits, &edit{c: c})
	}
	var done []change // changes a pending patch already proposes
	for _, ch := range changes {
		hit := false
		split := splitSetting(memLines, ch)
		for _, e := range edits {
			if e.orig == "" && (e.c.kind != KindInstruction && e.c.kind != KindCorrection || !saidBeforeChange(e.c.srcs, ch)) {
				continue
			}
			if e.orig != "" && (split[e.orig] || ch.prose && !boundedIn(codeSpanRe().ReplaceAllString(e.orig, " "), ch.old)) {
				continue
			}
			if nl := changedLineIn(e.c.line, ch, e.orig != ""); nl != "" {
				nl = withSiblingValues(nl, ch)
				if e.orig != "" {
					e.c.srcs = append(e.c.srcs, oldValueSaid(said, ch, e.c.line)...)
				}
				e.c.line, hit = nl, true
				e.c.srcs = append(e.c.srcs, ch.src)
				e.applied = append(e.applied, ch)
			}
		}
		proposed := !hit && (k.proposed(ch) || k.holdsAtPort(ch))
		if proposed {
			done = append(done, ch)
		}
		if (hit || proposed || checkProgram(cands, k, ch.old)) && ch.old != "" && !hasDigit(ch.old) && isNew(ch.src.session) {
			banned[strings.ToLower(ch.old)] = true
		}
	}
	var kept []*edit
	for _, e := range edits {
		if e.orig != "" && e.c.line == e.orig {
			// Changes that undo each other edit nothing.
			continue
		}
		if e.orig == "" || len(e.applied) > 0 && anyNew(e.c.srcs, isNew) {
			if e.orig != "" {
				e.c.line = strings.TrimSpace(strings.TrimLeft(e.c.line, "-*+ "))
				taken[e.orig] = true
			}
			kept = append(kept, e)
		}
	}
	// Fold retellings into the edit they retell.
	for i, e := range kept {
		into := -1
		if len(e.applied) == 0 {
			for j, t := range kept {
				if j != i && len(t.applied) > 0 && retells(e.c, t.c, t.applied) {
					into = j
					break
				}
			}
			if into < 0 && (retellsDone(e.c, done) || retellsPending(e.c, changes, k)) {
				e.c.line = ""
				continue
			}
		}
		if into >= 0 {
			kept[into].c.srcs = append(kept[into].c.srcs, e.c.srcs...)
			e.c.line = ""
		}
	}
	var out []candidate
	for _, e := range kept {
		if e.c.line != "" {
			out = append(out, e.c)
		}
	}
	return out
}

// checkProgram reports whether name is the program (or the runner) of a
// command on the mined verification line or on memory's: a change that
// gives the tool up ("X is deprecated, we use Y now", "jest is removed
// from the deps") ends those commands even when no other line of memory
// names it, and even when the new tool ran in too few sessions to be
// listed yet.
func checkProgram(cands []candidate, k *known, name string) bool {
	if name == "" {
		return false
	}
	cmds := []string(nil)
	if old, _ := k.verificationLine(); old != "" {
		cmds = backticked(old)
	}
	for _, c := range cands {
		if c.kind == KindVerification {
			cmds = append(cmds, c.cmds...)
		}
	}
	one := map[string]bool{strings.ToLower(name): true}
	return slices.ContainsFunc(cmds, func(cmd string) bool { return usesBanned(cmd, one) })
}

// splitSetting is the memory lines a change told without its old value
// leaves alone when it fits lines that give the setting different values
// ("Erlang 25.3" on one, "Erlang 24.3" on another): only the lines whose
// other words best match the sentence's ("the release box ... ships
// Erlang 26.2" is the release box line) take it, and on a tie between
// different values the sentence does not say which it changed, so it
// changes none. Lines holding the same old value are one setting written
// twice, and all take the change.
func splitSetting(lines []string, ch change) map[string]bool {
	if ch.old != "" {
		return nil
	}
	olds := map[string]string{}
	for _, l := range lines {
		if containsValue(l, ch.new) {
			// (Holding the new value already, the line is one the
			// change told before, maybe by this same sentence.)
			olds[l] = strings.ToLower(ch.new)
			continue
		}
		if changedMemoryLine(l, ch) == "" {
			continue
		}
		old := memorySlotValue(l, ch)
		if old == "" {
			old = labelValue(l, ch)
		}
		olds[l] = strings.ToLower(old)
	}
	distinct := map[string]bool{}
	for _, old := range olds {
		distinct[old] = true
	}
	if len(distinct) < 2 {
		return nil
	}
	said := termSet(append(append([]string{}, ch.terms...), ch.subject...))
	best, bestOld, tie := -1, "", false
	score := map[string]int{}
	for l, old := range olds {
		n := 0
		for _, t := range nonValues(l) {
			if said[t] {
				n++
			}
		}
		score[l] = n
		switch {
		case n > best:
			best, bestOld, tie = n, old, false
		case n == best && old != bestOld:
			tie = true
		}
	}
	skip := map[string]bool{}
	for l, old := range olds {
		if tie || score[l] < best || old != bestOld {
			skip[l] = true
		}
	}
	return skip
}

// retells reports whether a candidate only says again what an edit now
// says: it states the same fact, or it comes from a message that told one
// of the edit's changes and names the new value.
func retells(c, edit candidate, applied []change) bool {
	if c.kind != KindInstruction && c.kind != KindCorrection {
		return false
	}
	if sameFact(c.line, edit.line) {
		return true
	}
	for _, ch := range applied {
		// (A version is the same with its "v" or without: "envoy
		// 1.31.2" retells "envoy:v1.31.2".)
		if !containsValue(c.line, ch.new) && !containsValue(c.line, withoutV(ch.new)) || edit.replaces == "" {
			continue
		}
		// A line of its own that gives the same new value for what the
		// edited line said ("use port 3001 for the dev server").
		if supersedes(c.line, edit.replaces) {
			return true
		}
		// A line that names the new value and nothing the edited line
		// does not ("use 7870 now" beside "the demo runs on port
		// 7870"): the edit says all it says.
		if !hasExtra(factTerms(c.line), factTerms(edit.line)) {
			return true
		}
		// A line telling the new value is the one now, and giving no
		// other ("everyone downstream reads orders.enriched.v2 now"):
		// news of the change the edit makes.
		if newsOfValue(c.line, factTerms(c.line)) {
			return true
		}
	}
	return fromChange(c, applied) || announces(c, applied)
}

// announces reports whether c only announces a change the edit carries:
// a line of the message that told it, saying that something changed
// ("KlimaLink moved their API.") but naming no value at all, so the edit
// says all it does and more.
func announces(c candidate, applied []change) bool {
	if !changeSignalRe().MatchString(quoteRe().ReplaceAllString(c.line, "")) {
		// (A word in quotes is named, not said: "commit subjects are
		// imperative: "Bump", not "Bumped"".)
		return false
	}
	for _, w := range strings.Fields(c.line) {
		if v := trimValue(w); hasDigit(v) || strings.ContainsAny(v, "`./:_\\") {
			return false
		}
	}
	for _, ch := range applied {
		for _, s := range c.srcs {
			if s.session == ch.src.session && s.msgID == ch.src.msgID {
				return true
			}
		}
	}
	return false
}

// newsOfValue reports whether a line (its fact terms given) tells that
// the one value it gives is the one now: "everyone downstream reads
// orders.enriched.v2 now", beside an edit to that value.
func newsOfValue(line string, terms []string) bool {
	return changeSignalRe().MatchString(line) && len(valueTerms(terms)) == 1
}

// retellsDone reports whether a candidate retells a change a pending patch
// already proposes.
func retellsDone(c candidate, done []change) bool {
	return (c.kind == KindInstruction || c.kind == KindCorrection) && (fromChange(c, done) || announces(c, done))
}

// retellsPending reports whether a candidate names a change's new value
// and nothing a line the pending patch adds does not: "use 7870 now"
// beside the pending "Demo runs locally on port 7870." says it again, as
// retells says of an edit made in this run.
func retellsPending(c candidate, changes []change, k *known) bool {
	if c.kind != KindInstruction && c.kind != KindCorrection {
		return false
	}
	var terms []string // c's fact terms, once, when a change's value is in it
	for _, ch := range changes {
		if !containsValue(c.line, ch.new) {
			continue
		}
		if terms == nil {
			terms = factTerms(c.line)
		}
		news := newsOfValue(c.line, terms)
		for _, a := range k.lines {
			if k.from[a] == "" && !k.removed[a] && containsValue(a, ch.new) && (news || !hasExtra(terms, factTerms(a))) {
				return true
			}
		}
	}
	return false
}

// fromChange reports whether c comes from the message that told one of
// the changes, naming its new value.
func fromChange(c candidate, changes []change) bool {
	for _, ch := range changes {
		for _, s := range c.srcs {
			if s.session == ch.src.session && s.msgID == ch.src.msgID && (containsValue(c.line, ch.new) || containsValue(c.line, lastPart(ch.new)) || containsValue(c.line, hostLabel(ch.new))) {
				return true
			}
		}
	}
	return false
}

// hostLabel is a host's first label when it has a digit, as a message
// names the box ("salt02" of "salt02.int.example.net"); or "".
func hostLabel(v string) string {
	label, rest, ok := strings.Cut(v, ".")
	if !ok || strings.ContainsAny(v, "/:@") || !hasDigit(label) || !hasLetter(label) || !strings.Contains(rest, ".") {
		return ""
	}
	return label
}

// lastPart is a value's last path part: the message names
// "circleci/orb-tools@12.1" as "orb-tools@12.1".
func lastPart(v string) string {
	if strings.Contains(v, "//") {
		return v
	}
	return v[strings.LastIndex(v, "/")+1:]
}

// proposed reports whether a pending patch already carries this change:
// it removes a line the change applies to and adds one naming the new
// value (the edited line, or the verification line that took its place).
func (k *known) proposed(ch change) bool {
	for l := range k.removed {
		if changedMemoryLine(l, ch) == "" {
			continue
		}
		for _, a := range k.lines {
			if k.from[a] == "" && !k.removed[a] && (containsValue(a, ch.new) || holdsTag(a, ch.new)) {
				return true
			}
		}
	}
	return false
}

// holdsAtPort reports whether a line of memory already gives the change's
// new port as the port of an address ("runs at http://localhost:5611"
// after "moved it to 5611"): the change is made, and a line retelling it
// would say memory's line again, which sameFact cannot see through the
// address. The address must be near a term the change names (four
// words before it or two after): "Grafana dashboards live next to the
// api at http://localhost:3001/" gives the api's port, not Grafana's.
func (k *known) holdsAtPort(ch change) bool {
	if !whole(ch.new) {
		return false
	}
	terms := termSet(ch.terms)
	for _, l := range k.lines {
		if k.removed[l] || !intersects(terms, termSet(nonValues(plain(l)))) {
			continue
		}
		f := strings.Fields(strings.ReplaceAll(l, "`", " "))
		for i, w := range f {
			if addressPort(trimValue(w)) != ch.new {
				continue
			}
			for j := max(0, i-4); j < len(f) && j <= i+2; j++ {
				if j != i && intersects(terms, termSet(nonValues(plain(f[j])))) {
					return true
				}
			}
		}
	}
	return false
}

// oldValueSaid finds the sentences of other sessions, before the change,
// that stated the old value of the line: the evidence that memory said it.
func oldValueSaid(said []source, ch change, line string) []source {
	old := ch.old
	if old == "" {
		old = slotValue(line, ch)
	}
	if old == "" {
		return nil
	}
	var out []source
	for _, s := range said {
		if s.session != ch.src.session && before(s, ch.src) && containsValue(s.quote, old) && len(out) < 2 {
			out = append(out, s)
		}
	}
	return out
}

// saidBeforeChange reports whether a candidate was last said before the
// change, leaving out the change's own message: "we moved serve to 8200,
// 8100 clashes" names the old value as given up, it does not say it again.
func saidBeforeChange(srcs []source, ch change) bool {
	n := 0
	for _, s := range srcs {
		if s.session == ch.src.session && s.msgID == ch.src.msgID {
			continue
		}
		if !before(s, ch.src) {
			return false
		}
		n++
	}
	return n > 0
}

func anyNew(srcs []source, isNew func(int) bool) bool {
	for _, s := range srcs {
		if isNew(s.session) {
			return true
		}
	}
	return false
}

// quotedRuledOut lists the names the sentences a candidate came from rule
// out ("we switched to pnpm, never use npm here anymore"): the line keeps
// the part that says what is used now, and the clause that rules the old
// tool out may be left off it as a one-off, yet the verification line must
// still lose that tool's commands. The sentence is a proposed line's, so
// no question or venting; a line read whole adds nothing of its own.
func quotedRuledOut(c candidate) []string {
	var out []string
	for _, s := range c.srcs {
		if s.quote == "" || s.quote == c.line {
			continue
		}
		out = append(out, ruledOut(s.quote)...)
	}
	return out
}

// namedAgain reports whether one memory line read from a file (not the
// verification line) holds every name a line of plain telling names, two
// names or more ("The store is the JDBC one on Postgres." beside "Quartz
// uses the JDBC JobStore on PostgreSQL"; "Strings for the new sort label
// go in the en_gb strings.po" beside "UI strings live in
// resources/language/resource.language.en_gb/strings.po"): the line says
// that memory line's thing again, in other words. A line that rules (a
// word of a rule or a negation) or tells a change may say something new
// of those names, and two memory lines that hold them leave it open.
func (k *known) namedAgain(line string) bool {
	if changeSignalRe().MatchString(line) || ruleWordRe().MatchString(line) || negatesRe().MatchString(line) {
		return false
	}
	var names []string
	for n := range nameTerms(line) {
		if len(n) >= 3 {
			names = append(names, productName(n))
		}
	}
	if len(names) < 2 {
		return false
	}
	found := 0
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		low := strings.ToLower(l)
		if !slices.ContainsFunc(names, func(n string) bool { return !holdsProduct(low, n) }) {
			found++
		}
	}
	return found == 1
}

// holdsProduct reports whether the lower-cased line names n as a word, or
// a product n under another of its names ("postgresql" for "postgres").
func holdsProduct(low, n string) bool {
	if holdsPhrase(low, n) {
		return true
	}
	for a, p := range productAlias {
		if p == n && holdsPhrase(low, a) {
			return true
		}
	}
	return false
}

// looseValues are the values line gives, each as the forms it may be
// written in elsewhere (looseKeys): a number joined to the name before it
// ("clang 18": "clang18"), without a trailing ".0" ("0.9.0": "0.9"), an
// image's tag ("directus/directus:11.1.0": "11.1").
func looseValues(line string) [][]string {
	var out [][]string
	f := strings.Fields(line)
	for i, raw := range f {
		w := strings.ToLower(trimValue(strings.Trim(raw, "`")))
		if !hasDigit(w) {
			continue
		}
		alts := looseKeys(w)
		if i > 0 && versionNumber(w) {
			if name := strings.TrimLeft(strings.ToLower(trimValue(f[i-1])), "."); name != "" && !hasDigit(name) && !textkeyStop(name) {
				alts = append(alts, looseKeys(name+w)...)
			}
		}
		out = append(out, alts)
	}
	return out
}

// looseKeySet is every form (looseKeys) of every word of line.
func looseKeySet(line string) map[string]bool {
	m := map[string]bool{}
	for _, raw := range strings.Fields(line) {
		for _, k := range looseKeys(strings.ToLower(trimValue(strings.Trim(raw, "`")))) {
			m[k] = true
		}
	}
	return m
}

// looseKeys are the forms of one word holding a value: the word, and the
// part after its last ":", "/" or "-" ("linux-clang18": "clang18"), each
// without trailing ".0" parts ("net8.0": "net8"). A bare number ("18") is
// too common a form to tell a value by, and is left out.
func looseKeys(w string) []string {
	var out []string
	add := func(s string) {
		for strings.HasSuffix(s, ".0") {
			t := strings.TrimSuffix(s, ".0")
			if !strings.Contains(t, ".") && !hasLetter(t) {
				break
			}
			s = t
		}
		if hasDigit(s) && (strings.Contains(s, ".") || hasLetter(s)) {
			out = append(out, s)
		}
	}
	add(w)
	if i := strings.LastIndexAny(w, ":/-"); i >= 0 {
		add(w[i+1:])
	}
	return out
}

// namesOnlyOf reports whether every term of line that is no value is a
// term of edit too (hasExtra): the line says nothing the edit's line does
// not.
func namesOnlyOf(line, edit string) bool {
	var own, have []string
	for _, t := range factTerms(line) {
		if t = strings.Trim(t, "`"); !hasDigit(t) && !retellFiller[t] {
			own = append(own, t)
		}
	}
	for _, t := range factTerms(edit) {
		have = append(have, strings.Trim(t, "`"))
	}
	return len(own) > 0 && !hasExtra(own, have)
}

// retellFiller are words a line retelling a setting wraps it in ("we are
// on …, in the same env").
var retellFiller = map[string]bool{"same": true, "now": true, "still": true, "currently": true}

// closeCopy reports whether line is a memory line said again in nearly its
// words, which sameFact, weighing every term, can miss when the small
// words changed ("Target is the s3 on the xiao sense." of "Target is
// esp32s3 on a XIAO ESP32S3 Sense board."): three in five of its longer
// words (four letters or more, stemmed; "para_limite" is two) are the
// line's, it names nothing the line does not (a code name, a value), puts
// no word of its own where the line has another ("written as messagepack"
// of "written as JSON"), and it negates as the line does.
func (k *known) closeCopy(line string) bool {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	long := func(ws []string) map[string]bool {
		out := map[string]bool{}
		for _, w := range ws {
			if len(w) >= 4 {
				out[textkey.Stem(w)] = true
			}
		}
		return out
	}
	own := words(line)
	mine := long(own)
	if len(mine) < 3 {
		return false
	}
	names := nameTerms(line)
	neg := negatesRe().MatchString(line)
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) || negatesRe().MatchString(l) != neg {
			continue
		}
		theirs := words(l)
		held, n := long(theirs), 0
		for w := range mine {
			if held[w] {
				n++
			}
		}
		if 5*n < 3*len(mine) || swapsWord(own, theirs) {
			continue
		}
		low, news := strings.ToLower(l), false
		for nm := range names {
			news = news || !strings.Contains(low, strings.Trim(nm, "`"))
		}
		if !news {
			return true
		}
	}
	return false
}

// swapsWord reports whether a word of a (four letters or more) that b
// lacks follows a word that b follows with another such word of its own:
// "as messagepack" where b has "as json".
func swapsWord(a, b []string) bool {
	in := func(ws []string, w string) bool { return slices.Contains(ws, w) }
	for i := 1; i < len(a); i++ {
		if len(a[i]) < 4 || in(b, a[i]) {
			continue
		}
		for j := 1; j < len(b); j++ {
			if b[j-1] == a[i-1] && len(b[j]) >= 4 && !in(a, b[j]) {
				return true
			}
		}
	}
	return false
}
