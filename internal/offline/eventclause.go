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
	switch strings.ToLower(s[m[4]:m[5]]) {
	case "you", "we", "i", "u":
		// the person's or the agent's own doing: a rule for it
		return false
	}
	main := strings.TrimSpace(s[:m[0]])
	if main == "" {
		// "whenever the schema moves, regenerate": the rule follows.
		_, main, _ = strings.Cut(s[m[1]:], ",")
		main = strings.TrimSpace(main)
	}
	main = strings.TrimSpace(fillerRe().ReplaceAllString(main, ""))
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
	return alwaysHistoryRe().MatchString(s) || pastAuxRe().MatchString(s[:locs[0][0]])
}

// pastAuxRe is a past auxiliary right before the "always" or "never":
// "the people outside could never reach it", "the old box was always
// full". It tells how things went, not what must be done.
var pastAuxRe = lazyregexp.New(`(?i)\b(?:could|couldn't|was|wasn't|were|weren't)\s+$`)
