package offline

import (
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
)

// A line said in one session stands on the person's marker alone, with no
// second session to confirm what it is about, so it must say that itself.
// A sentence that leans on the conversation around it (a yes to the
// agent's question, "it's …" about what the agent just asked) names
// nothing a reader of the memory file could act on. Two signals make it
// such a fragment: it names nothing concrete, and its shape points back.

var (
	// answerRe is a reply to the agent: the content is in the question.
	// Only a line whose yes comes first (after a filler like "ok," or
	// the one word it answers about: "zsh yes") is one; "never answer
	// yes" or "exactly one assertion" is the rule itself.
	answerRe = lazyregexp.New(`(?i)^\W*(?:[\w.+-]+[\s,]+)?(?:(?:ok|okay|sure|right|well|oh|ah|so)\W+)*(?:(?:yes|yeah|yep|yup)\b|exactly(?:\s*[,.!;]|\s*$))`)
	// pronounLeadRe is a main clause whose subject is a bare pronoun,
	// after at most a short place phrase ("on staging it's off"). A
	// demonstrative is the whole subject only when a verb follows it:
	// "this is how" leans back, "this repo uses tabs" names its subject.
	pronounLeadRe = lazyregexp.New(`(?i)^(?:(?:in|on|for|with|under|at)\s+(?:the\s+|a\s+|my\s+|our\s+)?[\w.-]+\s+)?(?:it\b|(?:that|this|these|those)(?:['’]s\b|\s+(?:(?:always|never|also|still|just|really|only)\s+)?(?:is|isn't|are|aren't|was|were|does|doesn't|do|don't|works|stays|should|must|will|won't|can|has|have|needs|looks|seems|goes)\b))`)
)

// standsAlone reports whether a line said in one session can be read
// without the conversation it came from.
func standsAlone(line string) bool {
	if concrete(line) {
		return true
	}
	return !answerRe().MatchString(line) && !pronounLeadRe().MatchString(line)
}

// concrete reports whether a line names something exact: a number or a
// version, a path or a code name, or a proper name past its first word.
func concrete(line string) bool {
	if len(codeNames(line)) > 0 || len(valueTerms(factTerms(line))) > 0 {
		return true
	}
	words := strings.Fields(line)
	if len(words) < 2 {
		return false
	}
	for _, w := range words[1:] {
		w = strings.Trim(w, "\"'()[],;:.!?")
		if w == "" || w == "I" || strings.HasPrefix(w, "I'") {
			continue
		}
		if unicode.IsUpper([]rune(w)[0]) {
			return true
		}
	}
	return false
}

// cutShortWords are words no sentence ends on: a relative pronoun, a
// conjunction, an article or a comparison opens what is still to come.
var cutShortWords = map[string]bool{"which": true, "who": true, "whom": true, "whose": true, "and": true, "or": true,
	"but": true, "because": true, "the": true, "a": true, "an": true, "than": true, "whether": true}

// cutShort reports whether a line stops where its sentence went on: a
// clause cut before a marker set inside it ("A cancellation records
// cancelled_at, which, as usual, is …" read as "… cancelled_at, which").
// Whatever rule cut it, half a sentence is no memory line.
func cutShort(line string) bool {
	return cutShortWords[strings.ToLower(strings.TrimRight(lastWord(line), ".,;:!?\"')"))]
}
