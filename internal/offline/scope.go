package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// People often say that a rule holds in every project apart from the rule
// itself: in the next sentence ("… in simple English. This is for all my
// projects."), in a clause that points back at it ("…, that's the same
// everywhere I work"), in a lead-in before a colon ("one thing that applies
// to all my projects: …") or in the heading over a list ("## General (all
// my repos)"). Each points at the rule with a word that has no content of
// its own ("this", "that way", "one thing"); once the scope is taken off,
// nothing is left of the pointer but such words.

var (
	// pointerTailRe is what is left of a clause that points back at the
	// rule once its scope is gone: ", that goes", ", that's the same",
	// "I prefer it that way", "thats how i do it".
	pointerTailRe = lazyregexp.New(`(?i)(^|[\s,;:\x{2014}-]+)((and )?(that|this|it)('?s| is| goes| applies| holds| counts)?( (the same|true|so|how i (do|want|like|write) (it|them|things)|what i (do|want|like)))?( (goes|applies|holds|counts))?|i (prefer|want|like|do) (it|them|things) (that way|like that|this way)|(that|this)('?s| is) how (i|we) [\w-]+( (it|them|things|[\w-]+))?|i (say|said|mean|ask) (this|that|it))( (too|as well|really|honestly|anyway))?[\s,;:.!]*$`)
	// pointerHeadRe is a lead-in before a colon that only points forward
	// once its scope is gone: "one thing that applies :", "this holds:".
	pointerHeadRe = lazyregexp.New(`(?i)^[^:]{0,40}\b(applies|apply|holds|goes|counts)\b[\s,]*:\s*`)
)

// scopeOnly reports whether sentence s, said right after the rule prev,
// adds no more to it than that it holds in every project ("This is for
// all my projects.", "that goes for all my repos"): a scope for prev.
// The clause that carries the scope may be followed by a short reason or
// aside (", saves me time"), and may say the rule again in its own words
// instead of pointing at it: in fewer words of prev ("I sort imports in
// all my code" after "could you sort the imports?"), or in any words
// when prev is a wish about the agent's replies, which is the person's
// anyway ("keep it brief. I hate long answers, in any repo."), unless the
// clause holds a rule of its own (see aboutWishRe). Said again
// after a question, the sentence is the rule itself and stays apart.
func scopeOnly(s, prev string) bool {
	if !globalRe().MatchString(s) || strings.HasSuffix(strings.TrimSpace(s), "?") {
		return false
	}
	rest := strings.Join(strings.Fields(globalRe().ReplaceAllString(s, " ")), " ")
	rest = pointerTailRe().ReplaceAllString(rest, "")
	if len(factTerms(stripFillers(rest))) == 0 {
		return true
	}
	head, tail, _ := strings.Cut(rest, ",")
	if len(strings.Fields(tail)) > 6 || len(strings.Fields(head)) > 8 {
		return false
	}
	if head = pointerTailRe().ReplaceAllString(head, ""); len(factTerms(stripFillers(head))) == 0 {
		return true
	}
	if strings.HasSuffix(strings.TrimSpace(prev), "?") {
		// after a question the sentence that says it again is the rule
		return false
	}
	return restates(head, prev) || tail == "" && personal(prev) && (personal(head) || aboutWishRe().MatchString(head))
}

// aboutWishRe finds a clause that leans on a wish said before it: a word
// pointing back ("long ones", "them") or the person's aversion ("I don't
// need essays", "I hate walls of text"), the wish's reason. After a wish
// about the agent's replies such a clause is about those replies, while
// one with neither ("never push to main directly, in any repo", "I want
// failing tests first, in any repo") is a rule of its own.
var aboutWishRe = lazyregexp.New(`(?i)\b(ones?|them|they|it|those|that)\b|^i\s+(don'?t|do not|never|hate|can'?t stand|dislike)\b`)

// restates reports whether clause c names nothing that rule does not.
func restates(c, rule string) bool {
	terms := factTerms(stripFillers(c))
	if len(terms) == 0 {
		return false
	}
	of := map[string]bool{}
	for _, t := range factTerms(rule) {
		of[t] = true
	}
	for _, t := range terms {
		if !of[t] {
			return false
		}
	}
	return true
}

// withScope puts the scope said apart back on the rule it belongs to,
// where the rule keeps its own shape: before a closing question mark
// ("could you always …?"), else at the end.
func withScope(rule string) string {
	r := strings.TrimRight(rule, " .!;,")
	if strings.HasSuffix(r, "?") {
		return strings.TrimRight(r, "? ") + " in all my projects?"
	}
	return r + ", in all my projects."
}

// unpointed takes off what pointed at the scope once the scope itself is
// gone: a closing ", that's the same" or a lead-in "one thing that applies:".
func unpointed(s string) string {
	if m := pointerHeadRe().FindString(s); m != "" && len(textkey.Tokens(s[len(m):])) >= 3 {
		s = s[len(m):]
	}
	if loc := pointerTailRe().FindStringIndex(s); loc != nil && loc[0] > 0 && len(strings.Fields(strings.Trim(s[loc[0]:], " ,;:.!-\u2014"))) >= 2 {
		// ", that goes" points; "keep doing that" ends a rule.
		s = s[:loc[0]]
	}
	return s
}

// scopeHeadRe is a heading whose scope covers the list under it: "##
// General (all my repos)", "Style, for all my projects:".
var scopeHeadRe = lazyregexp.New(`^(#+\s+.*|[^.!?]{1,60}:)$`)

// allMineRe names every project of the person without a preposition, as
// a heading does: "(all my repos)".
var allMineRe = lazyregexp.New(`(?i)\b(all|every one) (of )?my (projects|repos|repositories|codebases)\b`)

// scopedItems numbers the sentences of the list items under a heading
// that says they hold in every project.
func scopedItems(lines []string) map[string]int {
	return itemsUnder(lines, func(t string) bool {
		return scopeHeadRe().MatchString(t) && (globalRe().MatchString(t) || allMineRe().MatchString(t))
	})
}
