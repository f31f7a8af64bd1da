package offline

import (
	"strings"
)

// A person's message often carries text they did not write: a pasted log, a
// stack trace, a quoted e-mail or ticket, a code block. Those are evidence
// about the project, never the person's own instruction, so ownSentences
// removes them before any miner looks for "always" or "never".

var (
	fenceRe  = lazyRegexp("^\\s*(```|~~~)")
	logRe    = lazyRegexp(`(?i)^\s*(at\s+\S+.*[(:]\d+|traceback \(most recent|file ".*", line \d+|\d{4}-\d\d-\d\d[ t]\d\d:\d\d|\[(info|warn|warning|error|debug|trace|fatal)\]|(info|warn|warning|error|debug|trace|fatal|panic)(:|\s+\[)|npm err!|goroutine \d+|--- (fail|pass):|(fail|ok|pass)\s+\S+\s+[\d.]+s|exit (code|status) \d+|\$ \S+|#\s*\d+\s)`)
	mailRe   = lazyRegexp(`(?i)^\s*(from|to|cc|bcc|subject|date|sent|reply-to):\s+\S`)
	fwdRe    = lazyRegexp(`(?i)^\s*(-{2,}\s*(original message|forwarded message)|begin forwarded message|on .+ wrote:$)`)
	ticketRe = lazyRegexp(`^\s*[A-Z][A-Z0-9]+-\d+\b`)
	introRe  = lazyRegexp(`(?i)\b(log|logs|output|error|errors|trace|stack|ticket|issue|email|e-mail|mail|message|says|said|wrote|pasted|paste|reads|comment|review|readme|docs|doc|here is|here's|below)\b.*:\s*$`)
	quoteRe  = lazyRegexp(`"[^"\n]*"|“[^”\n]*”`)
)

// ownText returns the lines of a human message that the person wrote, with
// pasted and quoted material removed.
func ownText(text string) []string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []string
	inFence, pasted, rest := false, false, false
	for i, ln := range lines {
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
			// A blank line ends a pasted paragraph, unless the paste has not
			// started yet (intro line followed by a blank line).
			if pasted && i > 0 && !introRe().MatchString(strings.TrimSpace(lines[i-1])) {
				pasted = false
			}
			continue
		}
		if pasted {
			continue
		}
		switch {
		case mailRe().MatchString(ln), fwdRe().MatchString(ln):
			rest = true // everything after an e-mail header is the e-mail
			continue
		case strings.HasPrefix(trim, ">"),
			strings.HasPrefix(ln, "    "), strings.HasPrefix(ln, "\t"),
			logRe().MatchString(ln):
			continue
		case ticketRe().MatchString(ln):
			pasted = true
			continue
		}
		if introRe().MatchString(trim) {
			pasted = true
			// The intro line itself is the person's, but it introduces
			// someone else's text; it is rarely an instruction.
			continue
		}
		out = append(out, stripQuotes(ln))
	}
	return out
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

// sentences splits the person's own lines into sentences. Inline code in
// backticks is kept whole so that `go test ./...` is not cut at its dots.
func sentences(lines []string) []string {
	var out []string
	for _, ln := range lines {
		ln = strings.TrimSpace(ln)
		ln = strings.TrimLeft(ln, "-*• ")
		var b strings.Builder
		tick := false
		rs := []rune(ln)
		for i, r := range rs {
			if r == '`' {
				tick = !tick
			}
			b.WriteRune(r)
			if tick {
				continue
			}
			end := r == '!' || r == '?' || r == ';'
			if r == '.' && (i+1 == len(rs) || rs[i+1] == ' ') && !abbrev(b.String()) {
				end = true
			}
			if end && (i+1 == len(rs) || rs[i+1] == ' ') {
				if s := strings.TrimSpace(b.String()); s != "" {
					out = append(out, s)
				}
				b.Reset()
			}
		}
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// abbrev reports whether the text ends with an abbreviation whose dot does
// not end a sentence.
func abbrev(s string) bool {
	l := strings.ToLower(s)
	for _, a := range []string{"e.g.", "i.e.", "etc.", "vs.", "cf.", "approx."} {
		if strings.HasSuffix(l, a) {
			return true
		}
	}
	return false
}
