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
	return !answerRe().MatchString(line) && !pronounLeadRe().MatchString(line) && !stressesRuleBefore(line)
}

// stressLeadRe is a sentence opening by stressing a rule said before it:
// "No exceptions, …", "Without exception: …", "Every single time, …".
var stressLeadRe = lazyregexp.New(`(?i)^(?:no exceptions?|without exceptions?|every (?:single )?time|period|full stop)\s*[,;:.!\x{2014}-]+\s*(.*)$`)

// bareObjectRe is a bare pronoun standing for the thing a sentence is
// about: "grep for it", "rely on that".
var bareObjectRe = lazyregexp.New(`(?i)\b(?:it|them|that|this)\b`)

// stressesRuleBefore reports whether a line only stresses the rule of the
// sentence before it: it opens with "no exceptions" or the like, and what
// follows names the rule's thing by a pronoun ("No exceptions, the
// product teams grep for it."). The rule is in the other sentence;
// "No exceptions: every migration gets a down script" states its own.
func stressesRuleBefore(line string) bool {
	if l := strings.ToLower(line); !strings.Contains(l, "exception") && !strings.Contains(l, "time") && !strings.Contains(l, "period") && !strings.Contains(l, "full stop") {
		return false
	}
	m := stressLeadRe().FindStringSubmatch(strings.TrimSpace(line))
	return m != nil && bareObjectRe().MatchString(m[1])
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

// endsOpen reports whether a line stops inside a bracket or a quote it
// opened: "We upgraded the tooling (the platform team did it." was cut at
// a comma inside its parenthesis, and whatever rule cut it, a line that
// leaves a "(", a "[", a "{", a code span or a quotation open is half a
// sentence. Brackets inside a code span are code, not the sentence's.
func endsOpen(line string) bool {
	if !strings.ContainsAny(line, "([{`\"“") {
		return false
	}
	return openAt(line, len(line))
}

// openAt reports whether s[:i] leaves a bracket, a code span or a
// quotation open (endsOpen).
func openAt(s string, i int) bool {
	depth, code, quoted, curly := 0, false, false, 0
	for _, r := range s[:i] {
		switch {
		case r == '`':
			code = !code
		case code:
		case r == '(' || r == '[' || r == '{':
			depth++
		case r == ')' || r == ']' || r == '}':
			if depth > 0 {
				depth--
			}
		case r == '"':
			quoted = !quoted
		case r == '“':
			curly++
		case r == '”':
			if curly > 0 {
				curly--
			}
		}
	}
	return depth > 0 || code || quoted || curly > 0
}

// splitClauses is clauseSplitRe's split at the breaks outside brackets,
// code spans and quotations: a comma inside "(the platform team did it,
// the lockfile is merged)" separates no clauses of the sentence, and a
// clause cut there leaves its bracket open.
func splitClauses(s string) []string {
	locs := clauseSplitRe().FindAllStringIndex(s, -1)
	if len(locs) == 0 || !strings.ContainsAny(s, "([{`\"“") {
		return clauseSplitRe().Split(s, -1)
	}
	var out []string
	from := 0
	for _, l := range locs {
		if openAt(s, l[0]) {
			continue
		}
		out = append(out, s[from:l[0]])
		from = l[1]
	}
	return append(out, s[from:])
}
