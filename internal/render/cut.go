package render

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// CutBytes returns at most n bytes of s without splitting a UTF-8 sequence
// (what a bounded copy of a transcript text keeps).
func CutBytes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// tailBytes returns at most the last n bytes of s on a rune boundary.
func tailBytes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

// capLine shortens one line to max bytes, saying how much was cut.
func capLine(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return CutBytes(s, max) + fmt.Sprintf("…[+%d bytes]", len(s)-max)
}

// cutText keeps the head (two thirds) and tail (one third) of a long text,
// on line boundaries where possible, with a marker saying what was cut.
func cutText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	headN, tailN := max*2/3, max/3
	head := CutBytes(s, headN)
	if i := strings.LastIndexByte(head, '\n'); i > headN/2 {
		head = head[:i]
	}
	tail := tailBytes(s, tailN)
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < tailN/2 {
		tail = tail[i+1:]
	}
	cut := len(s) - len(head) - len(tail)
	return head + fmt.Sprintf("\n[… %d bytes cut …]\n", cut) + tail
}

// errorLine spots the lines of a tool output worth keeping from the
// middle: runtime and compiler diagnostics, not source code that merely
// mentions an error type (`throw new Error(...)`). It is compiled once, on
// first use (compiling it for every rendering was a tenth of the search
// index's rendering time; binaries that never render do not pay for it).
var errorLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:[\w.]*(?:error|exception)\b:|fail(?:ed|ure|ing)?\b|--- fail|panic:|fatal\b|traceback|npm err|assertion|✗|×|e\s{3})|^\S+:\d+(?::\d+)?:?\s+(?:error|fatal|undefined|cannot)|\berror (?:ts\d+|\[e\d+\])|\b(?:permission denied|no such file|command not found|segmentation fault)\b`)
})

// cutOutput keeps the first head lines, up to errs error lines from the
// middle, and the last tail lines of a tool output.
func cutOutput(s string, o Options, isErr *regexp.Regexp) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	keep := func(l string) string { return capLine(strings.TrimRight(l, "\r"), o.MaxLine) }
	if len(lines) <= o.OutputHead+o.OutputTail+1 {
		out := make([]string, len(lines))
		for i, l := range lines {
			out[i] = keep(l)
		}
		return out
	}
	var out []string
	for _, l := range lines[:o.OutputHead] {
		out = append(out, keep(l))
	}
	mid := lines[o.OutputHead : len(lines)-o.OutputTail]
	cut, errs := 0, 0
	flush := func() {
		if cut > 0 {
			out = append(out, fmt.Sprintf("[… %d lines cut …]", cut))
			cut = 0
		}
	}
	for _, l := range mid {
		if errs < o.OutputErrors && isErr.MatchString(l) {
			flush()
			out = append(out, keep(l))
			errs++
			continue
		}
		cut++
	}
	flush()
	for _, l := range lines[len(lines)-o.OutputTail:] {
		out = append(out, keep(l))
	}
	return out
}
