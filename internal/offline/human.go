package offline

import (
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
)

// A person's message often carries text they did not write: a pasted log, a
// stack trace, a quoted e-mail or ticket, a code block. Those are evidence
// about the project, never the person's own instruction, so ownSentences
// removes them before any miner looks for "always" or "never".

var (
	fenceRe  = lazyregexp.New("^\\s*(```|~~~)")
	logRe    = lazyregexp.New(`(?i)^\s*(at\s+\S+.*[(:]\d+|traceback \(most recent|file ".*", line \d+|\d{4}-\d\d-\d\d[ t]\d\d:\d\d|\[(info|warn|warning|error|debug|trace|fatal)\]|(info|warn|warning|error|debug|trace|fatal|panic)(:|\s+\[)|npm err!|goroutine \d+|--- (fail|pass):|(fail|ok|pass)\s+\S+\s+[\d.]+s|exit (code|status) \d+|\$ \S+|#\s*\d+\s|[\w.$]*(error|exception)\b:\s|[\[(]?\d[\d:.,]*[\])]?\s+(\[[^\]\s]+\]\s+)?(?-i:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|(?-i:[IWEDV]) \(\d+\) [\w.-]+:)`)
	mailRe   = lazyregexp.New(`(?i)^\s*(from|to|cc|bcc|subject|date|sent|reply-to):\s+\S`)
	fwdRe    = lazyregexp.New(`(?i)^\s*(-{2,}\s*(original message|forwarded message)|begin forwarded message|on .+ wrote:$)`)
	ticketRe = lazyregexp.New(`^\s*[A-Z][A-Z0-9]+-\d+\b`)
	introRe  = lazyregexp.New(`(?i)\b(log|logs|output|error|errors|trace|stack|ticket|issue|email|e-mail|mail|message|says|said|wrote|pasted|paste|reads|comment|review|readme|docs|doc|here is|here's|below|looks like this|as follows)\b.*:\s*$`)
	// frameRe is a frame of a stack trace: "    at render (app.js:12:5)",
	// "\tat com.acme.Job.run(Job.java:42)", `  File "app.py", line 3, in
	// main`. The line ends in a file's position (a path, then :line), so
	// a hard-wrapped sentence going on with "at 02:00, …" is no frame.
	frameRe = lazyregexp.New(`^\s+(at\s+([^()\n]*\()?[^\s()]*[./][^\s()]*:\d+(:\d+)?\)?\s*$|File ".*", line \d+)`)
	quoteRe = lazyregexp.New(`"[^"\n]*"|“[^”\n]*”`)
)

// ownTextTold returns the lines of a human message that the person wrote,
// with pasted and quoted material removed (own), and beside them the lines
// read for what the person tells (told): own's, with the sentences an
// intro line says before the one that introduces its paste ("I've switched
// the base model to X. Here is the freeze:"). Those tell a change the
// person made, but the line is about the paste, so they are no instruction
// of their own.
func ownTextTold(text string) (own, told []string) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []string
	inFence, pasted, rest := false, false, false
	// logged: the line before was a log's or a shell prompt's, whose
	// output or continuation goes on indented (" 68 files changed").
	logged := false
	// pasteFrom is the first line of the paste under way.
	pasteFrom := 0
	for i, ln := range lines {
		if !pasted {
			pasteFrom = i + 1
		}
		if rest {
			break
		}
		if fenceRe().MatchString(ln) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		trim := strings.TrimSpace(ln)
		if trim == "" {
			logged = false
			// A blank line ends a pasted paragraph, unless the paste has not
			// started yet (intro line followed by a blank line).
			if pasted && i > 0 && !introLine(strings.TrimSpace(lines[i-1])) {
				pasted = false
			}
			continue
		}
		if pasted && !listAfterCode(ln, lines[pasteFrom:i]) {
			continue
		}
		pasted = false
		if logged && unicode.IsSpace(rune(ln[0])) {
			continue
		}
		logged = false
		switch {
		case mailRe().MatchString(ln), fwdRe().MatchString(ln):
			rest = true // everything after an e-mail header is the e-mail
			continue
		case strings.HasPrefix(trim, ">"),
			strings.HasPrefix(ln, "    "), strings.HasPrefix(ln, "\t"),
			logRe().MatchString(ln):
			// "error:" alone introduces what follows.
			pasted = pasted || introLine(trim)
			logged = true
			continue
		case ticketRe().MatchString(ln):
			pasted = true
			continue
		}
		if i+1 < len(lines) && frameRe().MatchString(lines[i+1]) {
			// The line right above a stack frame is the message of
			// the trace ("computations created outside a root will
			// never be disposed"), pasted with it.
			continue
		}
		if introLine(trim) {
			pasted = true
			// The intro line itself is the person's, but it introduces
			// someone else's text; it is rarely an instruction. Only
			// its last sentence introduces: the ones before are the
			// person's own telling ("I've switched the base model to
			// X. Here is the freeze:"), read for what it tells. A
			// paragraph of three or more before it ("… Security
			// reviewed us. …, so going forward every endpoint carries
			// @RolesAllowed. … Here is my .env:") is the person's own
			// message, rules and all, and so is a shorter one that marks
			// a rule to last ("Going forward, every package.py we add
			// should carry maintainers(…). And here is the mirror
			// config:").
			if lead := toldLead(introLead(trim)); lead != "" {
				told = append(told, stripQuotes(lead))
				if len(splitSentences(lead)) >= 3 || lastingRe().MatchString(lead) {
					out = append(out, stripQuotes(lead))
				}
			}
			continue
		}
		out = append(out, stripQuotes(ln))
		told = append(told, out[len(out)-1])
	}
	return out, told
}

// listAfterCode reports whether ln, a line met inside a paste, is an item
// of the person's own list that the paste ran into with no blank line
// between: it stands at the margin as a list item of prose ("- And one
// from me: in all my repos the CHANGELOG …"), the line before it is code
// or a log (indented, or opened by a mark, as "*/" or "[INFO]" are), and
// no line of the paste was an item or a heading at the margin, as in a
// pasted changelog or README whose list goes on. "- name: x" under
// "steps:" is YAML.
func listAfterCode(ln string, paste []string) bool {
	if len(paste) == 0 || !listMarkerRe().MatchString(ln) {
		return false
	}
	item := listMarkerRe().ReplaceAllString(ln, "")
	if f := strings.Fields(item); len(f) < 4 || strings.HasSuffix(f[0], ":") || !unicode.IsLetter([]rune(f[0])[0]) {
		return false
	}
	for _, p := range paste {
		if listMarkerRe().MatchString(p) || strings.HasPrefix(p, "#") {
			return false
		}
	}
	prev := paste[len(paste)-1]
	if strings.TrimSpace(prev) == "" {
		return false
	}
	r := []rune(prev)[0]
	return unicode.IsSpace(r) || !unicode.IsLetter(r) && !unicode.IsDigit(r) || logRe().MatchString(prev)
}

// introLine reports whether a trimmed line introduces pasted text ("the
// log says:"). introRe ends in a colon, so a line that does not cannot
// match: most lines skip the pattern.
func introLine(trim string) bool {
	return strings.HasSuffix(trim, ":") && introRe().MatchString(trim)
}

// introLead is what an intro line says before the sentence that
// introduces the paste: "moved the workspace to v2.7 over the weekend."
// of "moved the workspace to v2.7 over the weekend. This is the manifest
// now:", or "" when the line is that sentence alone (or when it reads as
// an introduction only through an earlier sentence, which then belongs to
// the introduction too).
func introLead(trim string) string {
	sents := splitSentences(trim)
	last := strings.TrimSpace(sents[len(sents)-1])
	if !introLine(last) {
		return ""
	}
	lead := sents[:len(sents)-1]
	// "moved the dev server to 8080 cuz 5173 clashes with the docs app,
	// vite.config.ts looks like this now:": the last clause alone
	// introduces, and the ones before it tell a change.
	if locs := clauseSplitRe().FindAllStringIndex(last, -1); len(locs) > 0 {
		if l := locs[len(locs)-1]; l[0] > 0 && introLine(strings.TrimSpace(last[l[1]:])) && changeSignalRe().MatchString(last[:l[0]]) {
			lead = append(lead, strings.TrimSpace(last[:l[0]]))
		}
	}
	return strings.Join(lead, " ")
}

// toldLead keeps of an intro line's lead the sentences that tell: one that
// is itself an intro ("Here is the config:") belongs to the paste, and
// one holding a credential ("My API key is sk-…", credRe, as own lines
// are refused) never belongs in memory.
func toldLead(lead string) string {
	if lead == "" {
		return ""
	}
	var keep []string
	for _, s := range splitSentences(lead) {
		if t := strings.TrimSpace(s); !introRe().MatchString(t) && !credRe().MatchString(t) {
			keep = append(keep, s)
		}
	}
	return strings.Join(keep, " ")
}

// stripQuotes removes inline quotations of four or more words: "the ticket
// says "always retry"" is a report of what someone else wrote.
func stripQuotes(s string) string {
	return quoteRe().ReplaceAllStringFunc(s, func(q string) string {
		if len(strings.Fields(q)) >= 4 {
			return "…"
		}
		return q
	})
}

// sentences splits the person's own lines into sentences. A line is at
// least one sentence (list items stay apart); inside it, a sentence ends at
// ".", "!" or "?" followed by a space, except inside inline code or
// parentheses, after an abbreviation ("e.g.", "i.e.", "cf.", "et al.") and
// after an initialism ("U.S.", "a.m.") that the next word does not start
// a new sentence after. Dots inside versions, paths and URLs have no space
// after them and never split.
func sentences(lines []string) []string {
	var out []string
	for _, ln := range lines {
		ln = listMarkerRe().ReplaceAllString(strings.TrimSpace(ln), "")
		for _, sent := range splitSentences(ln) {
			out = append(out, splitAt(sent)...)
		}
	}
	return out
}

// sentenceParts is sentences with a run-on paragraph read clause by
// clause, so a rule in its middle is found, and the set of the clauses
// that continue it after its first ("…, and make sure the check
// passes"): a request joined to the day's task, which stands only when
// marked to last.
func sentenceParts(lines []string) ([]string, map[string]bool) {
	var out []string
	var cont map[string]bool
	for _, ln := range lines {
		ln = listMarkerRe().ReplaceAllString(strings.TrimSpace(ln), "")
		for _, sent := range splitSentences(ln) {
			if len(strings.Fields(sent)) <= longSentence {
				out = append(out, splitAt(sent)...)
				continue
			}
			for i, clause := range runOnClauses(sent) {
				parts := splitAt(clause)
				if i > 0 && len(parts) > 0 {
					if cont == nil {
						cont = map[string]bool{}
					}
					cont[parts[0]] = true
				}
				out = append(out, parts...)
			}
		}
	}
	return out, cont
}

// asideRe opens a new thought inside a sentence: "add the page, btw the
// api runs on port 4000".
// A request after a reason ("…, so please make sure …") and a clause after
// "; and" are new thoughts too.
var asideRe = lazyregexp.New(`(?i)[,;]\s+(and\s+)?(btw|fyi|by the way|oh and|also|ps|anyway|anyhow)\b[\s,:]*|,\s+so (please|pls)\s+|;\s+and\s+`)

// splitAt cuts a sentence where the person turns to another thought
// (asideRe), so a fact buried after a request is read as a sentence of
// its own.
func splitAt(s string) []string {
	var out []string
	for from := 0; ; {
		loc := asideRe().FindStringIndex(s[from:])
		if loc != nil {
			loc[0], loc[1] = loc[0]+from, loc[1]+from
		}
		if loc != nil && bareScope(s[:loc[0]]) {
			// "For all my projects, also the private ones, the
			// comments …": "also" widens the scope, the rule is still
			// to come.
			from = loc[1]
			continue
		}
		from = 0
		if loc == nil || loc[0] == 0 || strings.HasSuffix(s[:loc[0]], "?") || strings.IndexFunc(s[loc[1]:], func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			// "no alias like gci or ?, also in the tests": a mark
			// the comma follows ends no question, and cut there the
			// head would read as one. An aside word that ends the
			// sentence ("the box clock is UTC, fyi") opens no new
			// thought: it marks the sentence itself an aside (turns),
			// and stays with it.
			break
		}
		if head := strings.TrimSpace(s[:loc[0]]); head != "" {
			out = append(out, head)
		}
		s = s[loc[1]:]
	}
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, s)
	}
	return out
}

// bareScope reports whether head is a scope over every project and
// little else ("For all my projects"): no thought of its own to end.
func bareScope(head string) bool {
	return globalRe().MatchString(head) && len(strings.Fields(withoutScope(head))) < 2
}

// longSentence is how many words make a sentence a run-on paragraph.
const longSentence = 35

// runOnRe joins the clauses of a run-on paragraph: ", and", ", but".
var runOnRe = lazyregexp.New(`(?i),\s+(and|but)\s+`)

// ellipticRe opens a clause that leaves out its subject and verb and
// says them again only by a place or a manner: "…, and never as an inline
// style", "…, but not under vendor/", "…, and only through the gateway".
var ellipticRe = lazyregexp.New(`(?i)^(?:never|not|only|always|also|ideally|preferably)\s+(?:as|in|into|inside|on|under|at|from|through|via|with|by|for|outside|over|within)\b`)

// ownTooRe opens what widens the thing just named to the speaker's own:
// "in all my teams' repos, and my own, nobody force-pushes".
var ownTooRe = lazyregexp.New(`(?i)^(?:(?:my|our) own|mine|ours)\s*,`)

// runOnClauses is a long sentence cut at its run-on joints (runOnRe),
// except before a clause that leaves out its subject and verb
// (ellipticRe): cut off, "never as an inline style or a one-off override"
// says nothing of what is never done, so it stays with the clause it
// goes on; nor before the speaker's own ("…, and my own, …"; ownTooRe).
func runOnClauses(sent string) []string {
	var out []string
	start := 0
	for _, loc := range runOnRe().FindAllStringIndex(sent, -1) {
		if ellipticRe().MatchString(sent[loc[1]:]) || ownTooRe().MatchString(sent[loc[1]:]) {
			continue
		}
		out = append(out, sent[start:loc[0]])
		start = loc[1]
	}
	return append(out, sent[start:])
}

var listMarkerRe = lazyregexp.New(`^([-*•+]|\d{1,3}[.)])\s+`)

func splitSentences(ln string) []string {
	var out []string
	rs := []rune(ln)
	start, tick, depth := 0, false, 0
	emit := func(end int) {
		if s := strings.TrimSpace(string(rs[start:end])); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '`':
			tick = !tick
			continue
		case tick:
			continue
		case r == '(' || r == '[':
			depth++
			continue
		case r == ')' || r == ']':
			if depth > 0 {
				depth--
			}
			continue
		}
		if depth > 0 || (r != '.' && r != '!' && r != '?') {
			continue
		}
		// Runs of terminators ("?!", "...") end together.
		j := i
		for j+1 < len(rs) && (rs[j+1] == '.' || rs[j+1] == '!' || rs[j+1] == '?') {
			j++
		}
		single := r == '.' && j == i
		if k := closingQuote(rs, j+1); k > j+1 {
			// `like "POL-004: ..."? Always …`: the quote closes after
			// the terminators, and what ends the sentence is the mark
			// after it; cut there, or the closing quote and the
			// question mark are a "sentence" of their own and the
			// question reads as a statement.
			j = k - 1
			for j+1 < len(rs) && (rs[j+1] == '.' || rs[j+1] == '!' || rs[j+1] == '?') {
				j++
				single = false
			}
		}
		if j+1 < len(rs) && !unicode.IsSpace(rs[j+1]) && rs[j+1] != '"' && rs[j+1] != '\'' {
			i = j
			continue
		}
		if single && !sentenceEnd(rs[start:i+1], nextWord(rs[j+1:])) {
			continue
		}
		if r == '!' && j == i && macroName(rs[start:i]) {
			// `sqlx::query! or query_as! macros`: a Rust macro's
			// name, not an exclamation.
			continue
		}
		emit(j + 1)
		i = j
	}
	emit(len(rs))
	return out
}

// macroName reports whether the text before a "!" ends in a name written
// as code, with "::" or "_" in it ("sqlx::query", "query_as"): with the
// "!" it is a Rust macro.
func macroName(before []rune) bool {
	s := string(before)
	w := s[strings.LastIndexFunc(s, unicode.IsSpace)+1:]
	return w != "" && !strings.HasSuffix(w, "_") && (strings.Contains(w, "::") || strings.Contains(w, "_")) && isWord(w)
}

// nextWord is the word after position 0 of rest, skipping spaces.
func nextWord(rest []rune) string {
	s := strings.TrimLeftFunc(string(rest), unicode.IsSpace)
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		s = s[:i]
	}
	return s
}

// neverEnd are abbreviations that are always followed by more of the
// sentence.
var neverEnd = map[string]bool{
	"e.g.": true, "i.e.": true, "cf.": true, "vs.": true, "approx.": true, "al.": true, "incl.": true,
	"esp.": true, "resp.": true, "viz.": true, "dr.": true, "mr.": true, "mrs.": true, "ms.": true,
	"st.": true, "fig.": true, "ca.": true, "w.r.t.": true, "et.": true, "sec.": true,
}

// mayEnd are abbreviations that end a sentence only when the next word
// starts with a capital letter.
var mayEnd = map[string]bool{"etc.": true, "min.": true, "max.": true, "approx": false, "jr.": true, "sr.": true}

var initialismRe = lazyregexp.New(`^(?:[A-Za-z]\.){1,4}$`)

// sentenceEnd decides whether the full stop at the end of sent ends it.
func sentenceEnd(sent []rune, next string) bool {
	s := string(sent)
	last := s
	if i := strings.LastIndexFunc(s[:len(s)-1], func(r rune) bool { return unicode.IsSpace(r) || r == '(' || r == '"' }); i >= 0 {
		last = s[i+1:]
	}
	low := strings.ToLower(last)
	if neverEnd[low] {
		return false
	}
	if low == "no." {
		// "No. 5" abbreviates "number"; "the test hits the network, no.
		// fixtures only" says no.
		return next == "" || !unicode.IsDigit([]rune(next)[0]) && next[0] != '#'
	}
	if next == "" {
		return true
	}
	upper := unicode.IsUpper([]rune(next)[0])
	if mayEnd[low] || initialismRe().MatchString(last) {
		return upper && !initialismRe().MatchString(next)
	}
	return true
}

// closingQuote is the position after the closing quotes that start at i
// when they close something (the end of the text, a space or another
// terminator follows them), else i: `"POL-004: ..."? Always` closes at
// the `"`, `done."Next` does not.
func closingQuote(rs []rune, i int) int {
	k := i
	for k < len(rs) && (rs[k] == '"' || rs[k] == '\'' || rs[k] == '\u201d' || rs[k] == '\u2019') {
		k++
	}
	if k == i || k < len(rs) && !unicode.IsSpace(rs[k]) && rs[k] != '.' && rs[k] != '!' && rs[k] != '?' {
		return i
	}
	return k
}
