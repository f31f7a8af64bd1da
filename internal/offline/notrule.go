package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// People use the words of a rule ("always", "never", "should") for much
// that is no rule: how one particular thing behaves ("the scanner always
// skips the first page"), a doubt ("not sure we should ever cache it"), a
// future that may never come ("if we ever open a second shop, every price
// needs a currency"). Said once, such a sentence stands on its "always"
// alone, so it must read as the person's own standing wish; these tell
// the cases apart.

// hedgeRe opens a sentence the person does not stand behind: "not sure
// if …", "I don't know whether …", "no idea if …", "I was wondering if
// …", "I thought we …" (but "I thought we agreed …" reminds: hedged).
var hedgeRe = lazyregexp.New(`(?i)^(?:(?:honestly|tbh|to be honest|frankly)[\s,]+)?(?:(?:i'?m|i am)\s+)?(?:not (?:sure|certain|convinced)|unsure|undecided|torn|no idea|i (?:don'?t|do not|dont) know|i doubt|who knows|i can'?t decide|(?:i was|i'?m|just) wondering|i (?:thought|assumed|figured|believed) (?:that )?(?:we|it|the|they|this|our)\b)`)

// hedged reports whether s opens with a doubt (hedgeRe) rather than a
// reminder of what was settled ("I thought we agreed never to …").
func hedged(s string) bool {
	m := hedgeRe().FindString(s)
	return m != "" && !settledRe().MatchString(s[len(m):])
}

// settledRe is what was agreed before, after "I thought we" ("… it was
// clear", "… the rule was", "… that we agreed"): a reminder.
var settledRe = lazyregexp.New(`(?i)^\W*(?:(?:had\s+)?(?:agreed|said|decided|settled|discussed|told)|(?:was|is)\s+(?:clear|obvious|settled|agreed)|rule\s+(?:was|is)|we\s+(?:had\s+)?agreed)\b`)

// hypotheticalLeadRe opens a sentence with a condition on a future the
// project may never reach: "if we ever …", "in case the plant ever …",
// "once the rebrand is done, …" (the thing waited for in group 1), "when
// Dana is back, …", "if we move to …". A condition on the agent's own
// doing ("if you ever rebuild, …") or on what keeps happening ("if a test
// fails, …", "if we switch branches, …") is a rule's.
var hypotheticalLeadRe = lazyregexp.New(`(?i)^(?:if|in case|should|once|when)\s+(?:(?:we|they|(?:the|our|this|that)(?:\s+[\w-]+){1,3})\s+ever\b|we\s+(?:\w+\s+)?(?:(?:move|switch|migrate|go|port)\s+(?:over\s+|away\s+)?(?:to|off|from)|adopt|open[- ]?source|hire|scale)\b)|^(?:once|when|until|till|after)\s+([^,;]{1,40}?)\s+(?:is|are|gets|get|comes|come)\s+(?:back|done|over|finished|merged|live|out|shipped|in place)\b`)

// hypothetical reports whether s opens with a condition on a future that
// may never come (hypotheticalLeadRe). What is waited for must be one
// thing: "when a PR is merged" or "after the build is done" keeps
// happening, a rule's condition.
func hypothetical(s string) bool {
	m := hypotheticalLeadRe().FindStringSubmatchIndex(s)
	if m == nil {
		return false
	}
	if m[2] < 0 {
		return true
	}
	wait := strings.ToLower(s[m[2]:m[3]])
	switch firstWord(wait) {
	case "": // "when   is …": no thing waited for
		return false
	case "a", "an", "any", "each", "every", "some":
		return false
	}
	return !recurringThings[strings.Trim(lastWord(wait), ",.")]
}

// ifThenLeansBack reports whether the main clause after a sentence's
// first comma only points back at what came before it ("if we ever move
// any screens to Blazor Hybrid, that's a separate decision"): after a
// hypothetical condition it asks for nothing, even as an item of a list
// of rules, which marks every item to last.
func ifThenLeansBack(s string) bool {
	_, after, ok := strings.Cut(s, ",")
	return ok && pronounLeadRe().MatchString(strings.TrimSpace(after))
}

// thenWouldRe is what would, will, could or might happen then: "if we
// ever open a second shop I'll need a location picker too", "if we ever
// port this to hono the routes layout would change anyway", "if we ever
// get GPUs in this cluster, the train step could use gpu limits". After a
// hypothetical it is a plan or a guess, no rule, even inside a
// correction, unless a rule word says what to do then (futureOnly).
var thenWouldRe = lazyregexp.New(`(?i)\b(?:would|will|could|might)\b|\w'(?:ll|d)\b`)

// futureOnly reports whether a hypothetical s only tells what would be
// then.
func futureOnly(s string) bool {
	return thenWouldRe().MatchString(s) && !alwaysRe().MatchString(s)
}

// willOnceRe is what someone will do once the thing at hand is done: "the
// platform squad will review the PR once it's up", "Dana will merge it
// when it's ready".
var willOnceRe = lazyregexp.New(`(?i)\b(?:will|'ll)\s+\w+.*\b(?:once|when|as soon as|after)\s+(?:it|this|that|they)(?:'s|'re|\s+is|\s+are)\s+(?:up|done|ready|merged|in|out|open|live|finished)\b`)

// willOnceDone reports whether s tells what will happen once the day's
// work is done: one coming event, no rule, even as an item of a list of
// rules ("Platform squad will review the PR once it's up"). "Platform
// reviews every PR once it's up" has no "will" and stays a rule.
func willOnceDone(s string) bool {
	// "will" and "'ll" both hold "ll" in some case: a prefilter that does
	// not lowercase every sentence.
	return (strings.Contains(s, "ll") || strings.Contains(s, "LL") || strings.Contains(s, "lL") || strings.Contains(s, "Ll")) && willOnceRe().MatchString(s)
}

// behaviourRe is "always" or "never" between a definite subject and its
// verb (groups 1, 2 and 3): "the courier never rings twice", also as
// what the person found out ("turns out the kiln always …") or was told
// ("readers report the sync spinner never stops").
var behaviourRe = lazyregexp.New(`(?i)^(?:(?:honestly|frankly|tbh|funnily enough|fun fact|to be fair|apparently|(?:it )?turns out(?: that)?|(?:it )?looks like|(?:it )?seems(?: like)?|if memory serves|iirc|afaik|as far as i know|i (?:found|noticed|saw|heard|learned)(?: that)?|(?:users?|readers?|customers?|clients?|testers?|players?|people|someone|they)\s+(?:reports?|reported|says?|said|complains?|complained|claims?|claimed)(?: that)?)[\s,:]+)?((?:the|our|my|his|her|their|its|this|that|these|those)\s+(?:[\w.'/-]+\s+){0,5}?)(always|never)\s+([a-z]+)\b`)

// holdVerbs after "always"/"never" state what must hold of a thing, not
// what it happens to do: where it goes or comes from, what it is, uses or
// needs ("the tenant id always comes from the session").
var holdVerbs = map[string]bool{
	"is": true, "are": true, "be": true, "was": true, "were": true, "been": true,
	"has": true, "have": true, "gets": true, "get": true, "goes": true, "go": true,
	"lives": true, "live": true, "belongs": true, "belong": true, "comes": true, "come": true,
	"sits": true, "sit": true, "stays": true, "stay": true, "remains": true, "remain": true,
	"starts": true, "start": true, "begins": true, "begin": true, "ends": true, "end": true,
	"uses": true, "use": true, "needs": true, "need": true, "requires": true, "require": true,
	"runs": true, "run": true, "points": true, "point": true, "targets": true, "target": true,
	"follows": true, "follow": true, "must": true, "should": true, "may": true, "can": true,
	"will": true, "shall": true, "does": true, "do": true, "touches": true, "touch": true,
	"calls": true, "call": true, "imports": true, "import": true, "returns": true, "return": true,
}

// notSubject are words that, inside the words before "always", make them
// no plain subject: a verb or auxiliary ("the flag is always off"), or a
// rule named as such ("the rule here always wins").
var notSubject = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "be": true, "must": true, "should": true,
	"will": true, "would": true, "can": true, "could": true, "may": true, "might": true,
	"has": true, "have": true, "had": true, "does": true, "do": true, "did": true,
	"rule": true, "rules": true, "convention": true, "policy": true, "standard": true, "way": true,
}

// shouldRe is "should" saying what ought to be ("shouldn't" tells of
// what went wrong: "so tests pass that shouldn't").
var shouldRe = lazyregexp.New(`(?i)\bshould\s`)

// codeParts are standing parts of a project's code and its workflow: what
// "our tests never …" or "the PR title always …" says is how the project
// works, a rule, not how one outside thing behaves.
var codeParts = map[string]bool{"test": true, "tests": true, "frontend": true, "backend": true,
	"ui": true, "client": true, "server": true, "pr": true, "prs": true, "commit": true, "commits": true,
	"migration": true, "migrations": true, "build": true, "ci": true, "pipeline": true, "config": true,
	"docs": true, "readme": true, "changelog": true, "endpoints": true, "handlers": true}

// recurringThings keep happening in a project's work: "after the build is
// done" waits for no one future event.
var recurringThings = map[string]bool{"build": true, "builds": true, "test": true, "tests": true,
	"ci": true, "pipeline": true, "check": true, "checks": true, "job": true, "jobs": true, "run": true,
	"pr": true, "prs": true, "review": true, "deploy": true, "deploys": true}

// describesBehaviour reports whether s tells how one particular thing,
// person or program behaves ("the label printer always cuts a blank
// sheet first", "our courier never rings twice, so the parcel waits at
// the depot") rather than what the project wants: a definite subject
// that is no part of the code, "always" or "never", and a verb of doing,
// with no clause around it asking for anything.
func describesBehaviour(s string) bool {
	m := behaviourRe().FindStringSubmatchIndex(s)
	if m == nil {
		return false
	}
	subject := strings.Fields(strings.ToLower(s[m[2]:m[3]]))
	for _, w := range subject {
		if notSubject[strings.Trim(w, ",.")] {
			return false
		}
	}
	old := false
	for _, w := range subject {
		switch w {
		case "old", "previous", "former", "original", "last", "legacy":
			old = true
		}
	}
	if !old && projectNouns[strings.Trim(subject[len(subject)-1], ",.")] {
		return false
	}
	for _, w := range subject {
		if !old && codeParts[strings.Trim(w, ",.")] {
			// "our tests never hit the network", "the PR title always
			// names the ticket"
			return false
		}
	}
	if holdVerbs[strings.ToLower(s[m[6]:m[7]])] && !old {
		return false
	}
	// a clause that asks for something makes the behaviour its reason
	// ("the printer always cuts a blank sheet, so skip the first one").
	for i, c := range clauseSplitRe().Split(s, -1) {
		c = strings.TrimSpace(soThenRe().ReplaceAllString(c, ""))
		if shouldRe().MatchString(c) || i > 0 && (starterRe().MatchString(c) || modalRe().MatchString(c) || youRe().MatchString(c)) {
			return false
		}
	}
	return true
}

// asksForOneRe is a request for one new thing, said of one particular
// thing or by the people who want it: "the order form needs a coupon
// field", "this screen wants another tab", "we need new RPC GetQuote in
// pricing service", "finance asked for a release endpoint". A rule says
// it of a kind ("every form needs a label").
var asksForOneRe = lazyregexp.New(`(?i)^(?:(?:the|this|that|our|my)\s+(?:[\w"'.-]+\s+){0,4}?(?:needs?|wants?|requires?|is missing|lacks|could use)|(?:hello|hi|so|ok|okay)?[\s,.!]*(?:we|i)\s+(?:need|want|would like)(?:\s+to\s+(?:add|build|write|have))?|` + requestedBy + `)\s+(?:a|an|one|another|some|more|new)\b`)

// requestedBy is someone else asking: "finance asked for", "the security
// team would like".
const requestedBy = `(?:(?:the|our|my)\s+)?(?:[\w'-]+\s+)?[\w'-]+\s+(?:(?:has|have)\s+)?(?:asked for|asks for|requested|would like)`

// requestedRe is one new thing asked for, by someone else or as what
// there should be: "the security team would like a page on phishing, with
// a callout telling people never to forward the email", "there should be
// a warning before the migration step, the one people always skip". A
// rule word after the thing ("never", "always") is what the thing is to
// say or why it is wanted, not a rule of the project (asksForThing).
var requestedRe = lazyregexp.New(`(?i)^(?:` + requestedBy + `|there should be)\s+(?:a|an|one|another|some|more|new)\b`)

// wantsNewRe is the person wanting one new thing anywhere in a sentence:
// "we are preparing the 2.0 release and I think we need a getting-started
// page". Unmarked and naming no kind ("a test for every handler"), it is
// the day's work (classifyWhole).
var wantsNewRe = lazyregexp.New(`(?i)\b(?:we|i)(?:\s+(?:really|also|still|probably))?\s+(?:need|want|would like|'d like)\s+(?:a|an|one|another|some|new)\b`)

// taskLeadRe labels what follows as the day's work: "then the task:",
// "the real task:", "today's job:".
var taskLeadRe = lazyregexp.New(`(?i)^(?:(?:then|now|so|ok(?:ay)?|and|first)[\s,]+)?(?:(?:the|today'?s|my|our|this|your)\s+)?(?:(?:real|actual|main|next|new|first|second|last)\s+)?(?:task|job|ask|request|todo|to-do)(?:\s+(?:for\s+)?today)?\s*:`)

// thingHeadRe ends the naming of a thing asked for: a clause break, or
// what the thing is to hold or say.
var thingHeadRe = lazyregexp.New(`(?i)[,;:]|\s(?:that|which|with|telling|saying|reminding|warning)\s`)

// headRuleRe is a rule word in the naming itself: "there should be a
// test for every handler" asks for a kind, which is a rule.
var headRuleRe = lazyregexp.New(`(?i)\b(?:always|never|every|each|all|any|whenever)\b`)

// asksForThing reports whether s asks for one new thing whose naming holds
// no rule word.
func asksForThing(s string) bool {
	if !requestedRe().MatchString(s) {
		return false
	}
	head := s
	if loc := thingHeadRe().FindStringIndex(s); loc != nil {
		head = s[:loc[0]]
	}
	return !headRuleRe().MatchString(head)
}

// storyRuleOutRe is a wish that a thing told before not happen again,
// with nothing but a pronoun for the thing: "let's not repeat it", "don't
// let that happen again".
var storyRuleOutRe = lazyregexp.New(`(?i)^(?:so\s+)?(?:(?:let'?s|let us|we should|please|pls)\s+)?(?:not|never|don'?t|do not|dont)\s+(?:repeat|redo|do|have|go through|let)\s+(?:it|that|this|them)\b(?:\s+(?:happen\s+)?(?:again|twice))?\W*$`)

// pastEventRe opens a clause that tells what happened: "the last
// outage review was painful", "that release went badly".
var pastEventRe = lazyregexp.New(`(?i)^(?:the|our|my|that|this|last|yesterday'?s)\b[^,;]{0,60}?\b(?:was|were|went|got|took|cost|hurt|broke)\b`)

// relivesStory reports whether s tells what happened and then only
// wishes it not happen again ("the spring release was a mess, let's not
// repeat it"): no rule says what to do or avoid.
func relivesStory(s string) bool {
	parts := clauseSplitRe().Split(strings.TrimRight(s, ".!"), -1)
	if len(parts) < 2 || !pastEventRe().MatchString(parts[0]) || strings.Contains(strings.ToLower(parts[0]), " now") {
		return false
	}
	for _, p := range parts[1:] {
		if !storyRuleOutRe().MatchString(strings.TrimSpace(p)) {
			return false
		}
	}
	return true
}

// makeOneRe asks to make one particular thing behave a way: "make the
// retry always wait two seconds", "make sure the checkout never charges
// twice". The "always" is what the day's work is to build; a rule for the
// agent's own doing says "make sure you always …" or names a kind ("make
// sure every script …").
var makeOneRe = lazyregexp.New(`(?i)^(?:please\s+)?make\s+(?:sure\s+|certain\s+)?(?:that\s+)?(?:the|this|that|our|my|its|their)\s+((?:[\w.'/-]+\s+){0,4}?)(?:always|never)\b`)

// makesOne reports whether s asks to make one particular thing behave a
// way (makeOneRe). A kind ("make sure the commit messages always …") or a
// standing part of the project ("make sure the build never …") makes it
// a rule.
func makesOne(s string) bool {
	m := makeOneRe().FindStringSubmatchIndex(s)
	if m == nil {
		return false
	}
	head := strings.Trim(lastWord(strings.ToLower(s[m[2]:m[3]])), ",.")
	return !plural(head) && !codeParts[head] && !projectNouns[head]
}

// plural reports whether the noun w reads as a plural ("messages", not
// "status" or "access").
func plural(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// concedeTailRe is a sentence that ends by giving in to what the person
// was just shown: "so the key has to be (a, b), fine", "the flag stays
// on then, I guess", "we keep both, so be it". The clause before the tag
// reacts to an error or an answer; it asks nothing for later.
var concedeTailRe = lazyregexp.New(`(?i),\s*(?:fine|fair enough|i guess|so be it|whatever)\s*[.!]*\s*$`)

// concedes reports whether s ends in a tag that gives in (concedeTailRe).
// A prefilter keeps the regexp off most sentences.
func concedes(s string) bool {
	l := strings.ToLower(s)
	if !strings.Contains(l, "fine") && !strings.Contains(l, "fair enough") && !strings.Contains(l, "guess") &&
		!strings.Contains(l, "so be it") && !strings.Contains(l, "whatever") {
		return false
	}
	return concedeTailRe().MatchString(s)
}
