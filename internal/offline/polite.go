package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A polite person asks where another would tell: "would you mind not
// calling the API from the view?", "could we always pin the image tag from
// now on?", "would it be possible for every page to carry a summary?". The
// question mark makes such a sentence look like a question, and questions
// are never memory; but the words ask for a way of working, as the plain
// "don't call the API from the view" or "always pin the image tag from now
// on" would. politeAsk says the request the plain way, so that it is read
// as the plain form would be: a rule when it carries a rule's words or a
// lasting marker, or corrects the agent, and nothing otherwise (a polite
// "could you run the tests?" stays a request of the day).

// politeLeadRe are the softeners before a polite request: "oh,", "if it's
// not too much trouble,", "I hope this isn't a silly question, but".
var politeLeadRe = lazyregexp.New(`(?i)^(?:(?:oh|hmm|so|and|also|but|ok(?:ay)?|sorry|hey|again|then|btw|by the way)\b[,\s]*|if (?:it'?s|it is) not too much (?:trouble|bother)[,\s]*|if you don'?t mind[,\s]*|i hope (?:this|it) (?:isn'?t|is not) a (?:silly|stupid|dumb) question,?\s*(?:but\s+)?|(?:going forward|from now on|in (?:the )?future)\b[,\s]*)+`)

// repeatLeadRe is a polite apology for saying it again: "sorry to repeat
// myself, but".
var repeatLeadRe = lazyregexp.New(`(?i)^(?:(?:i'?m |i am )?(?:so |very )?sorry )?to repeat myself,?(?:\s+but)?\s+`)

// politeTailRe are the softeners after it: ", though", "if you don't
// mind", "please", and the question mark.
var politeTailRe = lazyregexp.New(`(?i)(?:[,\s]+(?:though|please|pls|if you don'?t mind|if (?:that'?s|it'?s) ok(?:ay)?|if possible|maybe|perhaps))*\s*\?+\s*$`)

// askTailRe is a polite request after a dash or a semicolon that ends a
// sentence: "… — could you fix the page?".
var askTailRe = lazyregexp.New(`(?i)\s*(?:\x{2014}|\x{2013}|\s--?\s|;)\s*(?:(?:so|and|but)\s+)?(?:would you mind|(?:could|would|can) (?:you|u)|would it be possible)\b[^?\x{2014};]*\?+\s*$`)

// askCommaTailRe is a polite request after a comma that ends a
// sentence: "…, could you add it to the old ones too?".
var askCommaTailRe = lazyregexp.New(`(?i),\s*(?:(?:so|and|but)\s+)?(?:would you mind|(?:could|would|can) (?:you|u)|would it be possible)\b[^?,;]*\?+\s*$`)

// insetMarkerRe is a lasting marker set off by commas inside a request:
// "could you, from now on, put …".
var insetMarkerRe = lazyregexp.New(`(?i),\s*(from ?now on|going forward|in (?:the )?future|from here on(?: out)?|always (?:in|for) this (?:repo|repository|project|codebase))\s*,`)

// knowThatRe asks whether the agent knows, understands or remembers a
// thing: "do you understand that …?", "may I ask whether you remember
// that …?". Group 1 is the thing.
var knowThatRe = lazyregexp.New(`(?i)^(?:(?:may|can|could) i ask\s+)?(?:(?:whether|if|do|did)\s+)?(?:you|u)\s+(?:(?:really|already|still)\s+)?(?:understand|know|remember|realise|realize|are aware)\s+that\b(.+)$`)

// rememberAskRe asks the agent to remember a thing: "can you remember
// that …?", "could u please keep in mind that …?". Group 1 is the thing.
var rememberAskRe = lazyregexp.New(`(?i)^(?:can|could|will|would)\s+(?:you|u)\s+(?:please\s+|kindly\s+|also\s+)*(?:remember|keep in mind|bear in mind)\s+that\b(.+)$`)

// ratherThanRe names the way a request asks for in place of another.
var ratherThanRe = lazyregexp.New(`(?i)\b(?:rather than|instead of)\b`)

// mindNotRe is "would you mind not …ing": a request to stop doing
// something.
var mindNotRe = lazyregexp.New(`(?i)^(?:would|do) you mind,?(?:\s*(?:though|terribly|please),?)*\s+not\s+(\w+ing\b.*)$`)

// askYouRe is "could you …", "can we please …": a request in the form of a
// question, its verb in group 2 ("not" before it in group 1).
var askYouRe = lazyregexp.New(`(?i)^(?:could|would|can|will)\s+(?:you|u|we)\s+(?:(?:please|perhaps|maybe|possibly|kindly|just|also)\s+)*(not\s+)?([a-z]+)\b(.*)$`)

// suggestNotRe is what follows "could you not" when the question
// suggests doing a thing rather than forbids it: "not just …", "not
// simply …", or a request to do it as done elsewhere or instead.
var suggestNotRe = lazyregexp.New(`(?i)^(?:just|simply|merely|rather|instead)\b|\b(?:instead|(?:like|as) (?:everywhere|elsewhere|(?:all )?the others|before|usual|always|we do))\b`)

// thingAskRe is "could diagnostics go to stderr …": a request about a
// kind of thing, named in a word or three (group 1), its verb in group 2.
var thingAskRe = lazyregexp.New(`(?i)^(?:could|can|would)\s+((?:the\s+|these\s+|those\s+|such\s+)?[a-z][\w.\x60/-]*(?:\s+[a-z][\w.\x60/-]*){0,2}?)\s+(go|be|come|live|stay|use|get|run|write)\b(.*)$`)

// askPronouns open a polite question about the people or the task, not
// about a kind of thing: "could we use pnpm instead?" asks.
var askPronouns = map[string]bool{"we": true, "you": true, "u": true, "i": true, "it": true, "they": true, "this": true, "that": true, "there": true, "he": true, "she": true}

// insteadAloneRe is "instead" alone: the request names where the agent was
// wrong to put it.
var insteadAloneRe = lazyregexp.New(`(?i)\binstead\b`)

// possibleRe is "would it be possible (for X) to …".
var possibleRe = lazyregexp.New(`(?i)^(?:would|could|is)\s+it\s+be\s+(?:possible|ok(?:ay)?)\s+(?:for\s+(.+?)\s+)?to\s+([a-z]+)\b(.*)$`)

// everyAskRe is "could every new page have …": a request about each of a
// kind of thing, its subject in group 1 and its verb in group 2.
var everyAskRe = lazyregexp.New(`(?i)^(?:could|can|would|will)\s+((?:every|each|all|any)(?:\s+[\w.\x60/-]+){1,3}?)\s+(have|be|get|use|start|open|end|go|include|carry|take|need|import|list|run|follow|keep|come|live|stay|call|set|pin)\b(.*)$`)

// notAsked are verbs of a polite question that asks for information or a
// look, not for a way of working: "could you explain why it always
// fails?".
var notAsked = map[string]bool{"explain": true, "tell": true, "show": true, "check": true, "look": true, "help": true,
	"see": true, "confirm": true, "describe": true, "clarify": true, "verify": true, "find": true, "figure": true,
	"give": true, "walk": true, "remind": true, "say": true, "guess": true, "think": true, "imagine": true, "try": true,
	"have": true, "be": true, "do": true, "get": true, "mind": true}

// whRe is a question word inside the request: it asks about something
// ("where", "which" and "when" also open clauses of a rule).
var whRe = lazyregexp.New(`(?i)\b(why|what|how|whether)\b`)

// formalAskRe is a request said formally as the person's own asking:
// "I must ask you not to …", "I would, however, ask that you do not …".
// Group 1 is the negation, group 2 what is asked.
var formalAskRe = lazyregexp.New(`(?i)^(?:(?:however|still|that said)\s*,?\s*)?(?:i|we)(?:'d|\s+(?:would|must|have to|need to|will have to|am going to have to))(?:,?\s*(?:however|though|therefore|again|also|kindly|respectfully)\s*,?)*\s+(?:ask|request|beg)(?:\s+of)?\s+(?:you|that you)\s+(not to|to not|do not|don'?t|not|to|refrain from)\s+(.+)$`)

// thanksButRe is thanks or praise that a "but" or "however" turns
// against what the agent did: "thanks, but …", "great work, however …".
// The praise is politeness; what follows the turn disputes the work, as
// a plain "no, …" would.
var thanksButRe = lazyregexp.New(`(?i)^\W*(?:(?:thanks|thank you|cheers|ty)(?:\s+(?:so|very)\s+much)?(?:\s+for\s+(?:this|that|it|the\s+\w+))?|(?:great|nice|good|cool|perfect|awesome|lovely)(?:\s+(?:work|job|start|effort))?|(?:that\s+)?looks\s+(?:good|great|nice)|lgtm|appreciated)\s*[,.!;:\x{2014}-]*\s*(?:but|however)\b[\s,]*`)

// thanksBut returns what follows thanks or praise turned by "but" or
// "however" ("thank you, but please keep the fixtures out of git" gives
// "please keep the fixtures out of git"), and false when s opens no such
// way or nothing follows.
func thanksBut(s string) (string, bool) {
	m := thanksButRe().FindString(s)
	if m == "" || len(textkey.Tokens(s[len(m):])) < 2 {
		return s, false
	}
	return s[len(m):], true
}

// thanksThenTurn reports whether a sentence of thanks alone is followed
// by one that turns against the work: "Thank you. However, …", "Great.
// But …" open a correction as "thanks, but …" does.
func thanksThenTurn(thanks, next string) bool {
	m := thanksButRe().FindString(thanks + " " + next)
	return m != "" && len(m) > len(thanks)
}

// formalAsk returns a request said formally as the person's own asking in
// its plain form ("I must ask you not to use the shared cache" is "don't
// use the shared cache"), and s unchanged when it is no such request.
func formalAsk(s string) string {
	m := formalAskRe().FindStringSubmatch(s)
	if m == nil {
		return s
	}
	switch strings.ToLower(m[1]) {
	case "to":
		return m[2]
	case "refrain from":
		// "… that you refrain from editing the lockfile"
		return "avoid " + m[2]
	}
	return "don't " + m[2]
}

// wishIfRe is a wish said in the conditional a formal or polite person
// uses for a rule: "I should be grateful if …", "I'd much rather …",
// "would it be all right if …". What follows is the rule, its verb in the
// past ("if every page were …", "if you didn't …"); a lasting marker may
// be set off by commas right after the lead (group 1).
var wishIfRe = lazyregexp.New(`(?i)^(?:(?:i|we)(?:'d|\s+would|\s+should)\s+(?:be\s+(?:(?:very|most|really|so|much)\s+)?(?:grateful|glad|thankful|obliged|happier|happy|pleased)\s+if|(?:much\s+|really\s+|far\s+)?(?:prefer|rather)(?:\s+if|\s+that)?|(?:really\s+)?(?:like|appreciate)\s+it\s+if)|would\s+it\s+be\s+(?:all\s+right|alright|ok(?:ay)?|acceptable|fine|possible)\s+if)\s*,?\s*(?:(` + lastingWords + `)\s*,\s*)?`)

// lastingWords are the lasting markers a polite lead may set off.
const lastingWords = `from ?now on|going forward|in (?:the )?future|henceforth|from here on(?: out)?`

// wishVerbRe is the verb of the rule after wishIfRe, within the first
// few words: the subject is group 1, the verb group 2, the rest group 3.
var wishVerbRe = lazyregexp.New(`(?i)^((?:\S+\s+){0,6}?)(were not|was not|weren'?t|wasn'?t|were|was|had|did not|didn'?t|never|would not|wouldn'?t|could|would)\s+(.+)$`)

// wishIf returns a rule said as a polite or formal wish in its plain form
// ("I should be grateful if, from now on, every invoice were numbered by
// year" is "from now on, every invoice should be numbered by year"; "I'd
// rather you didn't prune in frost" is "don't prune in frost"), and s
// unchanged when it is no such wish or its verb is not one of the few
// whose present form is known.
func wishIf(s string) string {
	m := wishIfRe().FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	marker := ""
	if m[2] >= 0 {
		marker = s[m[2]:m[3]] + ", "
	}
	v := wishVerbRe().FindStringSubmatch(strings.TrimRight(s[m[1]:], "?"))
	if v == nil {
		return s
	}
	subj, verb, rest := strings.TrimSpace(v[1]), strings.ToLower(v[2]), v[3]
	if w := firstWord(rest); verb == "never" && pastForm(w) {
		// "I'd rather you never pushed …" is "never push …"; "the
		// logs never contained …" whose present form is not known
		// stands as said, but for the agent's own doing.
		if base := presentOf(w); base != "" {
			rest = base + rest[len(w):]
		} else if !strings.EqualFold(strings.TrimSpace(v[1]), "you") && !strings.EqualFold(strings.TrimSpace(v[1]), "we") {
			return s
		}
	}
	for _, w := range strings.Fields(strings.ToLower(subj)) {
		switch w {
		case "that", "which", "who":
			// "I'd prefer the config that was generated stays out":
			// the verb found is the subject's own clause.
			return s
		}
	}
	if strings.EqualFold(subj, "you") || strings.EqualFold(subj, "we") {
		// ("I'd rather we didn't …" asks the same of the agent.)
		switch verb {
		case "did not", "didn't", "didnt", "would not", "wouldn't", "wouldnt":
			return marker + "don't " + rest
		case "never":
			return marker + "never " + rest
		case "could", "would":
			return marker + rest
		}
		return s
	}
	if subj == "" {
		return s
	}
	switch verb {
	case "were", "was":
		verb = "should be"
		if adv := firstWord(rest); strings.EqualFold(adv, "never") || strings.EqualFold(adv, "always") {
			// "if the reports were never emailed": "should never be"
			verb, rest = "should "+strings.ToLower(adv)+" be", strings.TrimSpace(rest[len(adv):])
		}
	case "were not", "was not", "weren't", "werent", "wasn't", "wasnt":
		verb = "should not be"
	case "had":
		verb = "should have"
	case "did not", "didn't", "didnt", "would not", "wouldn't", "wouldnt":
		verb = "should not"
	case "never":
		verb = "should never"
	default:
		verb = "should"
	}
	return marker + subj + " " + verb + " " + rest
}

// politeAsk returns a polite request said as a question in the plain form
// of what it asks ("would you mind not using X?" is "Avoid using X"), and
// s unchanged when it is no such request.
func politeAsk(s string) string {
	if !strings.HasSuffix(strings.TrimSpace(s), "?") {
		return s
	}
	if loc := askTailRe().FindStringIndex(s); loc != nil && loc[0] > 0 {
		// "X comes from the theme — would you mind dropping that
		// import?": what is said before the dash stands as said; the
		// request after it is the day's.
		return strings.TrimSpace(s[:loc[0]])
	}
	if loc := askCommaTailRe().FindStringIndex(s); loc != nil {
		head := s[:loc[0]]
		plain := stripFillers(head)
		if !askQuestRe().MatchString(plain) && (lastingRe().MatchString(head) || rememberMidRe().MatchString(head) || rememberRe().MatchString(plain)) && len(textkey.Tokens(lastingRe().ReplaceAllString(head, " "))) >= 3 {
			// "going forward every cluster gets a health check, could
			// you add it to the old ones too?": a rule marked to
			// last, then the day's request after a comma ("going
			// forward, could you …?" is one request, marked).
			// "Remember that" marks it too ("…, remember that jobs
			// here have to be idempotent, can u check the mailer?").
			return strings.TrimSpace(head)
		}
	}
	if m := repeatLeadRe().FindString(s); m != "" && len(m) < len(s) {
		// "sorry to repeat myself, but would you mind …?": the repeat
		// stays, it marks the correction (saidWords).
		if rest := politeAsk(s[len(m):]); rest != s[len(m):] {
			return m + rest
		}
		return s
	}
	lead := politeLeadRe().FindString(s)
	body := strings.TrimSpace(politeTailRe().ReplaceAllString(s[len(lead):], ""))
	// A lasting marker among the softeners still marks the rule, and so
	// does one set off by commas inside the request ("could you, from
	// now on, …?").
	marker := ""
	if m := lastingRe().FindString(lead); m != "" {
		marker = strings.TrimRight(strings.TrimSpace(m), ",") + ", "
	}
	if loc := insetMarkerRe().FindStringSubmatchIndex(body); loc != nil {
		marker = body[loc[2]:loc[3]] + ", "
		body = body[:loc[0]] + " " + body[loc[1]:]
	}
	if m := rememberAskRe().FindStringSubmatch(body); m != nil {
		// "could you remember that invoices are numbered per year?"
		// asks what "remember that …" tells: it marks the rule to last.
		return marker + "remember that " + strings.TrimLeft(m[1], ", ")
	}
	if m := knowThatRe().FindStringSubmatch(body); m != nil {
		// "did you know that, from now on, every sketch is signed?":
		// what the person checks
		// the agent knows is what they hold, said plainly.
		return marker + strings.TrimLeft(m[1], ", ")
	}
	if body == "" || whRe().MatchString(body) {
		return s
	}
	if m := mindNotRe().FindStringSubmatch(body); m != nil {
		return marker + "avoid " + m[1]
	}
	// A request for one thing ("could you bump the year in all my
	// repos?") is the day's task, however wide: only a request about
	// each of a kind of thing, or one marked to last ("always", "from
	// now on"), or one not to do something, is a way of working.
	// What to do in place of another way ("could we reload rather than
	// restart?") is a way of working too.
	ruled := marker != "" || alwaysRe().MatchString(body) || lastingRe().MatchString(body) || ratherThanRe().MatchString(body)
	if m := possibleRe().FindStringSubmatch(body); m != nil && (m[1] != "" || ruled && !notAsked[strings.ToLower(m[2])]) {
		if m[1] != "" {
			return marker + m[1] + " should " + m[2] + m[3]
		}
		return marker + m[2] + m[3]
	}
	if m := everyAskRe().FindStringSubmatch(body); m != nil {
		return marker + m[1] + " should " + m[2] + m[3]
	}
	if m := thingAskRe().FindStringSubmatch(body); m != nil && (ruled || insteadAloneRe().MatchString(m[3])) && !askPronouns[strings.ToLower(firstWord(m[1]))] {
		// "could diagnostics go to stderr instead?": where a kind
		// of thing goes in place of where the agent put it.
		return marker + m[1] + " should " + m[2] + m[3]
	}
	if m := askYouRe().FindStringSubmatch(body); m != nil && !notAsked[strings.ToLower(m[2])] {
		if m[1] != "" {
			if suggestNotRe().MatchString(m[2] + m[3]) {
				// "could you not just reuse the helper?", "could
				// you not use the shared logger, like everywhere
				// else?": a suggestion to do it, the opposite of a
				// prohibition.
				return s
			}
			return marker + "don't " + m[2] + m[3]
		}
		if ruled {
			return marker + m[2] + m[3]
		}
	}
	return s
}

// betterRe is a sentence that says, politely, what would serve better:
// "the batch call would be much kinder to the machine", "X would be the
// appropriate choice here". Group 1 is a softener before it.
var betterRe = lazyregexp.New(`(?i)^((?:i think|i believe|i guess|i feel|maybe|perhaps|honestly)[,\s]+)?\S.*\bwould (?:be|look|work|read)\s+(?:(?:much|far|a lot|a bit|so|way)\s+)?(?:better|kinder|cleaner|nicer|simpler|safer|faster|preferable|more \w+|the (?:appropriate|right|better|proper|correct|usual|preferred) (?:choice|way|tool|option|place|module|approach))\b`)

// softTailRe is a softener at the end of a sentence: ", if that's
// alright".
var softTailRe = lazyregexp.New(`(?i)[,\s]+(?:if (?:that'?s|that is|it'?s|it is) (?:alright|all right|ok(?:ay)?|fine)|if you don'?t mind|if possible)\W*$`)

// betterInstead reports whether sent, said right after a rule that rules
// something out ("avoid calling the parser once per file", "no raw
// SQL"), says politely what would serve better, and returns it without
// its softeners: it names what to use instead, which the rule needs.
func betterInstead(rule, sent string) (string, bool) {
	if !strings.HasPrefix(strings.ToLower(rule), "avoid ") && !negScopeRe().MatchString(rule) {
		return "", false
	}
	m := betterRe().FindStringSubmatch(sent)
	if m == nil || strings.HasSuffix(strings.TrimSpace(sent), "?") {
		return "", false
	}
	alt := strings.TrimSpace(softTailRe().ReplaceAllString(sent[len(m[1]):], ""))
	// It must name what would serve: "that would be cleaner" names
	// nothing.
	subject, _, _ := strings.Cut(strings.ToLower(alt), " would ")
	named := false
	for _, t := range textkey.Tokens(subject) {
		named = named || !pointerWords[t]
	}
	if !named {
		return "", false
	}
	return strings.TrimRight(alt, "!. "), true
}

// pointerWords point back at something named before: a sentence made of
// them names nothing.
var pointerWords = map[string]bool{"they": true, "them": true, "those": true, "these": true, "one": true, "ones": true,
	"way": true, "option": true, "approach": true, "other": true, "version": true, "instead": true}

// pastForm reports whether w reads as a verb's regular past ("pushed",
// "contained"; "exceed" is none).
func pastForm(w string) bool {
	w = strings.ToLower(w)
	return len(w) > 3 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// presentOf returns the present form of the regular past w when it is a
// verb rules are said with (starterRe): "pushed" is "push", "stored"
// "store", "committed" "commit"; "" when it is none of them.
func presentOf(w string) string {
	w = strings.ToLower(w)
	stem := strings.TrimSuffix(w, "ed")
	cands := []string{stem, stem + "e"}
	if n := len(stem); n > 2 && stem[n-1] == stem[n-2] {
		cands = append(cands, stem[:n-1])
	}
	if strings.HasSuffix(w, "ied") {
		cands = append(cands, strings.TrimSuffix(w, "ied")+"y")
	}
	for _, c := range cands {
		if m := starterRe().FindString(c); m == c {
			return c
		}
	}
	return ""
}
