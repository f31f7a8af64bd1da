package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// eventClauseRe is "every time …" or "whenever …" and the first word of
// the clause it opens (group 2): who or what the event is about.
var eventClauseRe = lazyregexp.New(`(?i)\b(every (?:single )?time|whenever)\s+(\w+)`)

// describesEvent reports whether the only "always" word of a sentence is a
// "every time …" clause about something that happens to the project, with
// no rule around it: "the build breaks every time the vendor renames a
// header" tells of a failure, "regenerate the client every time the schema
// moves" and "whenever you touch the schema, regenerate" are rules. A
// sentence said once stands on its marker, so the marker must be a rule's.
func describesEvent(s string) bool {
	if len(alwaysRe().FindAllStringIndex(s, 2)) != 1 {
		return false
	}
	m := eventClauseRe().FindStringSubmatchIndex(s)
	if m == nil {
		return false
	}
	own := false
	switch strings.ToLower(s[m[4]:m[5]]) {
	case "you", "we", "u":
		// the agent's or the team's own doing: a rule for it
		return false
	case "i":
		// "every time I deploy, run the smoke test" is a rule for the
		// person's own doing; "whenever I touch the CSS, something else
		// breaks" tells what happens to them.
		own = true
	}
	main := strings.TrimSpace(s[:m[0]])
	if main == "" {
		// "whenever the schema moves, regenerate": the rule follows.
		_, main, _ = strings.Cut(s[m[1]:], ",")
		main = strings.TrimSpace(main)
	}
	main = strings.TrimSpace(fillerRe().ReplaceAllString(main, ""))
	if own && main == "" {
		return false
	}
	return !(starterRe().MatchString(main) || instrRe().MatchString(main) || modalRe().MatchString(main) || factRe().MatchString(main))
}

// alwaysHistoryRe is an "always" that closes a sentence with an
// auxiliary standing for the verb before it: "32 per GPU fits fine and
// always has", "the import works like it always did". It tells how things
// have gone so far, not what must be done.
var alwaysHistoryRe = lazyregexp.New(`(?i)\b(?:and|as|like)\s+(?:it\s+|they\s+|we\s+|i\s+)?always\s+(?:has|have|had|did|was|were)\s*[.!]*\s*$`)

// alwaysHistoric reports whether the only "always" word of s is the
// history tag of alwaysHistoryRe: such a sentence is not marked to last.
func alwaysHistoric(s string) bool {
	locs := alwaysRe().FindAllStringIndex(s, 2)
	if len(locs) != 1 {
		return false
	}
	before := s[:locs[0][0]]
	return alwaysHistoryRe().MatchString(s) || pastAuxRe().MatchString(before) || otherPast(before, s[locs[0][1]:])
}

// otherPast reports whether the "always" or "never" between before and
// after sits before a verb in the simple past with someone other than the
// person as its subject: "which the Warsaw office never forgave us for",
// "the old box always crashed on Mondays". A rule is said in the present;
// the past tells a story. The person's own past ("I always tagged
// releases, keep it") is toldPast's, and a participle after a copula
// ("commits are always signed") the present passive.
func otherPast(before, after string) bool {
	m := pastVerbRe().FindStringSubmatch(after)
	if m == nil || alwaysPastKept[strings.ToLower(m[1])] || strings.TrimSpace(before) == "" {
		return false
	}
	return !copulaEndRe().MatchString(before) && !personEndRe().MatchString(before)
}

// pastVerbRe is a verb in the simple past opening what follows an
// "always" or "never"; group 1 is the verb.
var pastVerbRe = lazyregexp.New(`(?i)^\s+([a-z]+ed|forgave|forgot|knew|went|saw|came|got|had|did|took|made|gave|ran|thought|told|said|wrote|brought|found|left|heard|felt|became|began|broke|chose|fell|grew|held|kept|lost|meant|met|paid|sent|spoke|spent|stood|understood|won)\b`)

// copulaEndRe is a copula or auxiliary ending the words before an
// "always": "are always signed", "must always be".
var copulaEndRe = lazyregexp.New(`(?i)\b(?:is|are|be|been|being|get|gets|stay|stays|remain|remains|must|should|will|shall|can|to)\s+$`)

// personEndRe is the person (or their team) right before an "always":
// "I always", "we've always".
var personEndRe = lazyregexp.New(`(?i)\b(?:i|we)(?:'ve|’ve| have)?\s+$`)

// pastAuxRe is a past auxiliary right before the "always" or "never":
// "the people outside could never reach it", "the old box was always
// full". It tells how things went, not what must be done.
var pastAuxRe = lazyregexp.New(`(?i)\b(?:could|couldn't|was|wasn't|were|weren't)\s+$`)

// feltAlwaysRe is an "always" word that tells what the speaker goes
// through rather than what is to be done: the speaker's own lapse or
// feeling ("I always forget the flags", "we always end up rewriting it"),
// an evaluation it intensifies ("helm charts are pain every time", "always
// fun debugging timezones"), or what the speaker has never met ("never
// seen this error before"). Each tells a moment of the work, not a rule.
var feltAlwaysRe = lazyregexp.New(`(?i)\b(?:i|we)\s+(?:always|never)\s+(?:` + softAdverbs + `\s+)?(?:forget|get (?:confused|lost|stuck|tripped)|mess|mix|lose|struggle|wonder|end up|hate|love|enjoy|miss|screw|trip|fall for|worry|panic|regret|know|understand|remember)\b` +
	`|\b(?:always|every (?:single )?time)\s+(?:ends?|ended) up\b|\bends? up\b[^,;.]*\b(?:always|every (?:single )?time)\b` +
	`|(?:^|\b(?:i|we)(?:'ve|’ve| have)?\s+)never\s+(?:seen|heard|been|tried|noticed|experienced|met|done|used|worked|written|touched|built)\b` +
	`|(?:\b(?:is|are|'s|’s|was|feels?|gets?|seems?|looks?)\s+(?:(?:so|such|a|an|just|really|pure|total|absolute|always|every (?:single )?time)\s+)*|(?:^|[,;:(])\W*(?:always|every (?:single )?time)\W+(?:(?:so|such|a|an|just|really|pure|total)\s+)*)(?:` + feltWords + `)\b` +
	`|\b(?:` + feltWords + `)\W+(?:always|every (?:single )?time)\b`)

// feltWords are evaluations of how a piece of work feels: what the person
// thinks of it, never how it is to be done.
const feltWords = `(?:nice|good|great) to see|pain|painful|fun|annoying|a mess|messy|hell|horrible|terrible|awful|tedious|boring|frustrating|confusing|weird|a joke|a disaster|a headache|torture|agony|ridiculous|stupid|dumb|crap|garbage|trash|a nightmare|lovely|amazing|magic|a chore|exhausting|infuriating`

// alwaysFelt reports whether the only "always" word of s is one of
// feltAlwaysRe's: it marks no statement to last, so a sentence said once
// does not stand on it (one said in two sessions still needs a rule's
// shape of its own).
func alwaysFelt(s string) bool {
	// The cheap test first, before any pattern: most sentences hold
	// none of these words.
	l := strings.ToLower(s)
	if !strings.Contains(l, "always") && !strings.Contains(l, "time") && !strings.Contains(l, "never") {
		return false
	}
	if len(alwaysRe().FindAllStringIndex(s, 2)) > 1 {
		// "I always forget it, so always run the linter first": the
		// second marker is a rule's.
		return false
	}
	return feltAlwaysRe().MatchString(s)
}

// withoutFelt is s without its clauses that feltAlwaysRe matches: empty
// when every clause tells how the work feels.
func withoutFelt(s string) string {
	var kept []string
	for _, c := range clauseSplitRe().Split(s, -1) {
		if c = strings.TrimSpace(c); c != "" && !feltAlwaysRe().MatchString(c) {
			kept = append(kept, c)
		}
	}
	return strings.Join(kept, ", ")
}

// causeOpenRe opens a clause that gives a cause: what follows says why,
// not what to do.
var causeOpenRe = lazyregexp.New(`(?i)[\s,(]+(?:because|since|cause|'cause|coz|cuz)\s`)

// alwaysInCause reports whether every "always" word of s stands in a
// clause giving a cause ("let me explain the parallel setup, since it is
// the part they always get wrong"): the marker tells how the cause goes,
// so the statement it hangs on is not marked to last. "Always pin
// versions, because floating ones broke the build" keeps its marker.
func alwaysInCause(s string) bool {
	loc := causeOpenRe().FindStringIndex(s)
	if loc == nil || loc[0] == 0 {
		return false
	}
	return !alwaysRe().MatchString(conventionRe().ReplaceAllString(s[:loc[0]], " "))
}
