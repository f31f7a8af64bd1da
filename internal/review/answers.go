// Package review is the inbox's hunk-by-hunk and line-by-line review loop, in
// the manner of git add -p: one question per hunk, single-letter answers,
// read as lines from one bufio.Reader when stdin is not a terminal so a
// review can be scripted and tested with an answer file.
package review

import "strings"

// ParseKey reads one answer: its first non-blank byte, ASCII lower-cased.
// An empty answer is "" (the caller asks again).
func ParseKey(line string) string {
	s := strings.TrimSpace(line)
	if s == "" {
		return ""
	}
	c := s[0]
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return string([]byte{c})
}
