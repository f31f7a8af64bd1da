package offline

import (
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
)

// A person who corrects the same mistake a second time often says no more
// than the name of what they want, between "again" and "please", in the
// middle of the next request: "next the export screen, and again
// StrictMode please". On its own that clause is too short to be a memory,
// but it names the thing an earlier correction set, in another session,
// and so makes that correction recur.

// againPleaseRe is a clause that asks for a named thing again: "Foo again
// please", "and again Foo please".
var againPleaseRe = lazyregexp.New(`(?i)^(?:and\s+)?(?:(?:again\s+)?([\w.@/:+-]+(?:\s+[\w.@/:+-]+)?)\s+again|again,?\s+([\w.@/:+-]+(?:\s+[\w.@/:+-]+)?)),?\s+(?:please|pls|plz)\W*$`)

// retryWords open a request to do the last thing once more ("try again
// please"), not a correction.
var retryWords = map[string]bool{"try": true, "retry": true, "run": true, "rerun": true, "do": true, "check": true,
	"build": true, "test": true, "start": true, "it": true, "this": true, "that": true, "the": true, "once": true, "same": true}

// askedAgain finds a clause of s that asks for a named thing again and
// returns that thing: "OnPush" from "upload dialog next, and again OnPush
// please, you generated Default again". A thing must be written as a name
// (a capital inside it, all capitals, code): "try again please" names
// nothing.
func askedAgain(s string) string {
	for _, c := range clauseSplitRe().Split(s, -1) {
		m := againPleaseRe().FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			continue
		}
		thing := m[1] + m[2]
		if retryWords[strings.ToLower(strings.Fields(thing)[0])] || soleName(thing) == "" {
			continue
		}
		return thing
	}
	return ""
}

// soleName is the one word of a short line written as a name: with a
// capital after its first letter and a lower-case letter (OnPush), or in
// capitals of three letters or more (MERGE). "" when the line has more
// than two content words or not exactly one such name.
func soleName(line string) string {
	if len(factTerms(line)) > 2 {
		return ""
	}
	name := ""
	for _, w := range strings.FieldsFunc(line, notNameRune) {
		if isName(w) {
			if name != "" && name != w {
				return ""
			}
			name = w
		}
	}
	return name
}

func notNameRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }

// isName reports whether w is written as a name: OnPush, MERGE.
func isName(w string) bool {
	letters, upper, lower := 0, 0, 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			} else {
				lower++
			}
		}
	}
	if letters >= 3 && lower == 0 {
		return true
	}
	rs := []rune(w)
	return lower > 0 && len(rs) > 1 && strings.IndexFunc(string(rs[1:]), unicode.IsUpper) >= 0
}

// namesWord reports whether line writes name as a word of its own or as
// a part of a longer name (Strategy.OnPush), with the same case.
func namesWord(line, name string) bool {
	for _, w := range strings.FieldsFunc(line, notNameRune) {
		if w == name {
			return true
		}
	}
	return false
}

// sameNamed reports whether one of two corrections is a terse one that
// names a single thing, written the same way in the other: "MERGE." and
// "Use MERGE. Delete+insert leaves holes …".
func sameNamed(a, b stmt) bool {
	if !a.correction || !b.correction {
		return false
	}
	if n := soleName(a.line); n != "" && namesWord(b.line, n) {
		return true
	}
	n := soleName(b.line)
	return n != "" && namesWord(a.line, n)
}

// onlyRe is a short sentence naming what to use: "dayjs only", "the
// query builder instead".
var onlyRe = lazyregexp.New(`(?i)^[^.,;!?]{1,60}\s(only|instead)\W*$`)

// ruleOutRe opens a rule that rules something out: "No `eval`", "Never
// moment.js".
var ruleOutRe = lazyregexp.New(`(?i)^(no|never)\s+\S`)

// insteadOf reports whether sent, said right after a rule that rules
// something out ("No moment.js, ever."), names what to use instead.
func insteadOf(rule, sent string) bool {
	sent = strings.TrimSpace(sent)
	if ruleOutRe().MatchString(rule) && onlyRe().MatchString(sent) && len(strings.Fields(sent)) <= 8 {
		return true
	}
	// "don't attach to the console. rcon-cli.": after a rule that rules
	// something out, a sentence that is only a name written as code is
	// what to use instead.
	return negScopeRe().MatchString(rule) && bareCodeName(sent)
}

// bareCodeName reports whether a sentence is only one name written as
// code, with a "please" at most: "rcon-cli.", "@Observable", "msg.sender
// pls".
func bareCodeName(sent string) bool {
	f := strings.Fields(strings.TrimRight(sent, "!. "))
	if n := len(f); n == 2 && (strings.EqualFold(f[1], "please") || strings.EqualFold(f[1], "pls")) {
		f = f[:1]
	}
	if len(f) != 1 {
		return false
	}
	w := strings.Trim(f[0], "`")
	return len(codeNames(f[0])) == 1 || strings.HasPrefix(w, "@") && len(w) > 2 || strings.Count(w, "-") == 1 && len(w) > 4 && !strings.HasPrefix(w, "-") && strings.IndexFunc(w, unicode.IsDigit) < 0
}

// terseRuleOutRe is a rule that only rules a thing out, in a few words:
// "No heap.", "Never raw SQL, ever.", "No `!` in our code, never."
var terseRuleOutRe = lazyregexp.New(`(?i)^(?:no|never)\s+(?:(?:` + "`[^`]+`" + `|[^\s,;:.!?]+)\s+){0,3}(?:` + "`[^`]+`" + `|[^\s,;:.!?]+)(?:\s*,\s*(?:ever|never|period|please|thanks|at all))*[.!]*$`)

// terseRuleOut reports whether a line is a bare "no X": said beside
// another rule of the same message, it is the other half of that rule
// (what to use, then what not to), and alone in the memory file it
// would not say what to do instead.
func terseRuleOut(line string) bool {
	line = strings.TrimSpace(line)
	low := strings.ToLower(line)
	if !strings.HasPrefix(low, "no ") && !strings.HasPrefix(low, "never ") {
		return false
	}
	if w := strings.ToLower(strings.Trim(firstWord(strings.TrimSpace(line[strings.IndexByte(line, ' '):])), ".,;:!?")); notRuling[w] || w == "mind" {
		// "No worries.", "Never mind.", "no luck": politeness and
		// reports, nothing ruled out.
		return false
	}
	// "no print use logging" says what to use: a whole rule.
	return terseRuleOutRe().MatchString(line) && !insteadWordRe().MatchString(line)
}

// insteadWordRe names what to use in place of the thing ruled out.
var insteadWordRe = lazyregexp.New(`(?i)\b(?:use|instead|only|rather|prefer)\b`)
