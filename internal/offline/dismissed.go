package offline

import (
	"slices"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A person who changes what memory holds often gives the old thing up in
// one sentence and states the rule in the next: "celery was too heavy for
// what we do. from now on background jobs are always arq tasks". The
// words of giving up are endless ("was a mistake", "is leftover junk",
// "couldn't handle 100k points", "we haven't used it for months"), so the
// sentence is read by its shape instead: it names what one memory line
// holds, in words of the past or of fault, and the rule beside it speaks
// of that line's thing without naming what the line holds. The rule is
// the line's new form; beside it the old line would contradict it.
//
// The same rule may also say the line's fact again in its own words with
// one word of it negated ("no restarts … run systemctl reload haproxy"
// beside "run systemctl restart haproxy"): by its words it is the fact
// memory holds, and only the negation tells it is that fact's new form
// (renewed).

// dismissRe is a word that speaks of a thing as past or at fault, or
// undoes it ("revert pid.c"). (Not
// "never", "not" or "no": those forbid in a rule, "never let a CubeMX
// regen drop it lower", and give nothing up.)
var dismissRe = lazyregexp.New(`(?i)\b(?:revert(?:ed)?|was|were|wasn'?t|weren'?t|couldn'?t|could not|didn'?t|did not|haven'?t|hasn'?t|have not|has not|closed|left|ripped|legacy|broken|` + forgoWords + `)\b`)

// instanceRe is a word of fault said of one thing of a kind: "one broken
// Wahlkreis", "any legacy job".
var instanceRe = lazyregexp.New(`(?i)\b(?:one|a|an|any|each|every)\s+(?:broken|legacy)\b`)

// doesNotRe is a word that finds fault with what is named before it, in
// the present: "doesn't", "does not".
var doesNotRe = lazyregexp.New(`(?i)\b(?:doesn'?t|does not)\b`)

// writtenAsName reports whether line writes name as a name, not as a word of
// the sentence: past its first word, with a capital, a digit or a mark of
// a path or identifier ("Celery", "MLflow", "1883", "per_page",
// "content/drafts"; not the "Handlers" a line opens with), or as the
// file a path ends in ("pid.c" of "src/main/flight/pid.c").
func writtenAsName(line, name string) bool {
	for i, w := range strings.Fields(line) {
		if i == 0 || !strings.EqualFold(trimValue(w), name) && !fileTail(name, trimValue(strings.Trim(w, "`"))) {
			continue
		}
		if w := trimValue(w); hasDigit(w) || strings.ContainsAny(w, "./_:@") || strings.ToLower(w) != w {
			return true
		}
	}
	return false
}

// incidentRe is a word of something that went wrong once ("celery was
// down this morning"): the thing is still in use.
var incidentRe = lazyregexp.New(`(?i)\b(?:(?:is|was|went|are|were|been|goes|going) down|crash\w*|fail\w*|flaky|outage|restart\w*|hiccup|this morning|today|yesterday|last night)\b`)

// reasonSplitRe parts a sentence at its punctuation (as clauseSplitRe
// does) and at the words that join a reason or a result to a rule, so a
// clause giving a thing up stands alone: "page/per_page was a mistake so
// from now on list endpoints take a cursor param".
var reasonSplitRe = lazyregexp.New(`\s*(?:[,;:]|\s[-\x{2013}\x{2014}]\s|\b(?:so|because|since|but)\b)\s*`)

// dismissedIn is the memory line a clause of giving up names a thing of
// (a word exactly one line holds, written there as a name) that rule does
// not name, when rule names a thing the line names too.
func (k *known) dismissedIn(clause, rule string, taken map[string]bool) string {
	subj := subjectTerms(rule)
	var words []string
	for _, w := range strings.Fields(clause) {
		// "page/per_page was a mistake": either name.
		words = append(words, w)
		if parts := strings.Split(trimValue(w), "/"); len(parts) == 2 {
			words = append(words, parts...)
		}
	}
	for _, w := range words {
		name := trimValue(w)
		if len(name) < 3 || strings.EqualFold(name, "memory") || containsValue(rule, name) {
			continue
		}
		held, l := k.heldName([]string{name})
		if l == "" || taken[l] || !writtenAsName(l, held) {
			continue
		}
		rest := subjectTerms(outsidePhrase(l, held))
		delete(rest, strings.ToLower(held))
		if sharesSubject(subj, rest) {
			return l
		}
	}
	return ""
}

// withoutJoiners is what is left of a sentence once a clause is cut out,
// its spaces made single and the punctuation and joining words (so,
// because, since, but, and) it was set off by dropped from both ends.
func withoutJoiners(s string) string {
	f := strings.Fields(s)
	join := func(w string) bool {
		switch strings.ToLower(strings.Trim(w, ",;:.")) {
		case "", "-", "\u2013", "\u2014", "so", "because", "since", "but", "and":
			return true
		}
		return false
	}
	for len(f) > 0 && join(f[len(f)-1]) {
		f = f[:len(f)-1]
	}
	for len(f) > 0 && join(f[0]) {
		f = f[1:]
	}
	return strings.TrimRight(strings.Join(f, " "), ",;:")
}

// dismissed finds the memory line (read from a file, not the verification
// line, not yet rewritten) a rule's message gives up in a clause of its
// own (reasonSplitRe), before, after or inside the rule, and its file
// (dismissedIn). It returns too the line to hold in its place: the rule,
// less that clause when the rule said it. Where a run before already put
// that line in the old one's place, it returns the line alone, no line to
// replace: the rule is the line memory now holds.
func (k *known) dismissed(c candidate, said []source, taken map[string]bool) (string, string, string) {
	if c.global || c.kind != KindInstruction && c.kind != KindCorrection {
		return "", "", ""
	}
	for _, cl := range givingClauses(candidateMessages(c, said)) {
		if len(dismissRe().FindAllString(cl, 2)) == 1 && instanceRe().MatchString(cl) {
			// "One broken Wahlkreis must not stop the whole ticker":
			// a thing of the kind at fault, not the kind given up.
			continue
		}
		if !dismissRe().MatchString(cl) {
			// "Weave.jl doesn't seem to have had an update in
			// ages": a thing at fault is named before the word
			// ("the limiter doesn't open its own redis client"
			// gives no redis up).
			at := doesNotRe().FindStringIndex(cl)
			if at == nil {
				continue
			}
			cl = cl[:at[0]]
		}
		// The rule, less the clause when it says it too ("… on 8883
		// with TLS, plain 1883 is closed off"): the line to hold is the
		// rule alone.
		rule := c.line
		if r := outsidePhrase(c.line, strings.TrimSpace(cl)); r != c.line {
			rule = asLine(withoutJoiners(r))
		}
		if k.holds(rule) {
			// It took the line's place on a run before: the rule
			// is that line, and no new one.
			if rule != c.line {
				return "", "", rule
			}
			continue
		}
		if l := k.dismissedIn(cl, rule, taken); l != "" {
			return l, k.from[l], rule
		}
	}
	return "", "", ""
}

// givingClauses are the clauses (reasonSplitRe) of the sentences of texts
// that may give a thing up: a sentence that says nothing changes
// ("notebooks stay paired with jupytext, nothing changes there") or tells
// of an incident ("celery was down this morning") gives nothing up.
func givingClauses(texts []string) []string {
	var out []string
	for _, t := range texts {
		for _, s := range splitSentences(t) {
			if !tellsNoChange(s) && !incidentRe().MatchString(s) {
				out = append(out, reasonSplitRe().Split(s, -1)...)
			}
		}
	}
	return out
}

// renewed finds the one memory line (read from a file, not the
// verification line, not yet rewritten) a rule states the same fact as,
// by the words one of its sentences shares with it, while saying what the
// line held no longer holds: the rule negates or leaves a word of the line
// ("results go in results/<date>/ and not in out/"), or, told as a change,
// its message does ("ops moved all our static sites off Netlify; going
// forward the docs site is deployed to Cloudflare Pages"). The rule is the
// line's new form; left beside it, or dropped as the fact memory already
// holds, memory would keep the old one. A rule that adds no word, or
// still names a name of the line (namesStill), adds to the line instead.
func (k *known) renewed(c candidate, said []source, isNew func(int) bool, taken map[string]bool) (string, string) {
	if c.global || c.kind != KindInstruction && c.kind != KindCorrection {
		return "", ""
	}
	change := toldAsChange(c, said, isNew)
	// The rule and the message it was said in: "ops moved all our
	// static sites off Netlify; going forward …".
	told := strings.Join(append([]string{c.line}, candidateMessages(c, said)...), " ")
	own := termSet(factTerms(c.line))
	// (A sentence of the rule may be the one the line says:
	// "No restarts, … After a config change run systemctl reload
	// haproxy".)
	sentences := append(splitSentences(c.line), c.line)
	found := ""
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) || !slices.ContainsFunc(sentences, func(s string) bool { return sameFact(s, l) }) {
			continue
		}
		theirs := termSet(factTerms(l))
		adds := false
		for t := range own {
			adds = adds || !theirs[t]
		}
		// Told as a change, the message may give the line's word up;
		// told plainly, the rule itself must ("Build with `mason build
		// --release` rather than with the Makefile").
		if !adds || namesStill(l, c.line) || !(change && negatesWordOf(told, l) || negatesWordOf(c.line, l)) {
			continue
		}
		if found != "" {
			return "", ""
		}
		found = l
	}
	if found == "" {
		return "", ""
	}
	return found, k.from[found]
}

// toldAsChange reports whether a message of a new session a candidate
// came from tells a change (changeSignalRe) that holds: "no restarts from
// now on. … after a config change run systemctl reload haproxy".
func toldAsChange(c candidate, said []source, isNew func(int) bool) bool {
	for _, s := range c.srcs {
		if !isNew(s.session) {
			continue
		}
		for i := range said {
			if said[i].session == s.session && said[i].msgID == s.msgID && changeSignalRe().MatchString(said[i].quote) && !tellsNoChange(said[i].quote) {
				return true
			}
		}
	}
	return false
}

// namesStill reports whether other holds, not negated, a name line writes
// as code (codeNames: "top.sls", "ns1", "app/kv/", "MySQL"): the two
// speak of the same named thing, and one adds to what the other says of
// it.
func namesStill(line, other string) bool {
	theirs := codeNames(other)
	toks := " " + strings.Join(textkey.Tokens(other), " ") + " "
	for n := range codeNames(line) {
		if (theirs[n] || strings.Contains(toks, " "+n+" ")) && !negatedIn(other, n) {
			return true
		}
	}
	return false
}

// negationBeforeRe ends in a word that negates or leaves what follows it:
// "no restarts", "not on GitHub Pages", "off Netlify", "don't add".
var negationBeforeRe = lazyregexp.New(`(?i)\b(?:no|not|never|off|without|instead of|rather than|no more|no longer|don'?t|do not)\s+(?:(?:on|in|at|the|a|an|using|use|from|of|with|via|through)\s+)?$`)

// negatesWordOf reports whether rule negates or leaves a word of line that
// line itself does not negate ("No restarts" of "run systemctl restart
// squid", "off Netlify" of "Deployed to Netlify"): the rule says what the
// line held no longer does. A rule that only adds to the line's thing
// negates nothing of it, and one that forbids what the line forbids
// ("never add a new dependency" of "Don't add new dependencies") says it
// again.
func negatesWordOf(rule, line string) bool {
	kept := map[string]bool{}
	for t := range negatedWords(line) {
		kept[t] = false
	}
	for _, t := range factTerms(line) {
		if _, neg := kept[t]; !neg {
			kept[t] = true
		}
	}
	for t := range negatedWords(rule) {
		if kept[t] && !kindTerms[t] {
			return true
		}
	}
	return false
}

// negatedWords are the terms of s a word of negationBeforeRe comes right
// before.
func negatedWords(s string) map[string]bool {
	out := map[string]bool{}
	f := strings.Fields(s)
	for i, w := range f {
		if t := textkey.Terms(w); len(t) == 1 && negationBeforeRe().MatchString(strings.Join(f[max(0, i-3):i], " ")+" ") {
			out[t[0]] = true
		}
	}
	return out
}

// dismissedChecks are the commands of memory's verification line (old) a
// rule of this run, or the message it was said in, gives up in a clause
// of its own ("stop running npm test locally, it watches forever. use npm
// run test:ci from now on"; "jest is too slow for us, use npx vitest
// run"): the clause, in words of the past or of fault or asking to stop,
// names the command as written, or the tool it runs past its runner. A
// runner alone ("npm") names no one check; a sentence of an incident or
// of no change gives nothing up.
func dismissedChecks(cands []candidate, said []source, old string) map[string]bool {
	var out map[string]bool
	cmds := backticked(old)
	for _, c := range cands {
		if c.global || c.kind != KindInstruction && c.kind != KindCorrection {
			continue
		}
		// The rule's own clauses give a check up in any word of the
		// past or of fault; its message's only outright.
		own := givingClauses([]string{c.line})
		for i, cl := range append(own, givingClauses(candidateMessages(c, said))...) {
			if !stopUsingRe().MatchString(cl) && !(i < len(own) && dismissRe().MatchString(cl) || forgoes(cl)) {
				continue
			}
			low := strings.ToLower(cl)
			for _, cmd := range cmds {
				if !out[cmd] && namesCheck(low, cmd) {
					if out == nil {
						out = map[string]bool{}
					}
					out[cmd] = true
				}
			}
		}
	}
	return out
}

// forgoesRe is a word that gives a thing up outright, not one that tells
// of it in the past ("was", "left"): read in the sentences of a rule's
// message, where "npm test was red again" tells of a run.
var forgoesRe = lazyregexp.New(`(?i)\b(?:` + forgoWords + `)\b`)

// forgoWords give a thing up outright: dismissRe's words less those of
// the past.
const forgoWords = `junk|leftovers?|mistake|dead|gone|killed|ripped out|dropped|removed|replaced|retired|deprecated|obsolete|ditched|abandoned|scrapped|useless|pointless|unused|too\s+([a-z]+)`

// forgoes reports whether clause gives a thing up outright (forgoesRe);
// "too" counts before a word of its own ("too slow"), not as "also"
// ("immich too on caddy_net").
func forgoes(clause string) bool {
	for _, m := range forgoesRe().FindAllStringSubmatch(clause, -1) {
		if m[1] == "" || !textkeyStop(strings.ToLower(m[1])) {
			return true
		}
	}
	return false
}

// namesCheck reports whether the lower-cased clause names cmd, a check of
// memory's verification line, as written or by the tool it runs past its
// runner.
func namesCheck(low, cmd string) bool {
	p, ok := oneCommand(cmd)
	if !ok {
		return false
	}
	if holdsPhrase(low, strings.ToLower(cmd)) {
		return true
	}
	t := strings.ToLower(p.tool)
	if t == "" || t == strings.ToLower(firstWord(cmd)) {
		return false
	}
	// The tool as a name of its own: "ng" is not in "ng-deep", nor
	// "caddy" in "caddy_net".
	for _, w := range strings.Fields(low) {
		if strings.Trim(trimValue(w), "?`") == t {
			return true
		}
	}
	return false
}
