// Package textkey gives every part of automem one notion of "the same line":
// the inbox's tombstones, the evidence store and the offline extractor all
// compare candidate lines through Normalize, Key and Terms, so a line dismissed in
// review is recognised again however it was bulleted, cased or spaced.
package textkey

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// Normalize reduces a memory line to its comparable form: lower-case, runs of
// whitespace collapsed to one space, a leading list marker ("- ", "* ",
// "N. ") and trailing full stops removed. Two lines a reader would call the
// same normalise to the same string; the result is stable under re-running.
func Normalize(s string) string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	for {
		t := trimMarker(s)
		t = strings.TrimSpace(strings.TrimRight(t, "."))
		if t == s {
			return s
		}
		s = t
	}
}

// trimMarker removes one leading list marker, if any.
func trimMarker(s string) string {
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") {
		return strings.TrimSpace(s[2:])
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && strings.HasPrefix(s[i:], ". ") {
		return strings.TrimSpace(s[i+2:])
	}
	return s
}

// Key is the hex SHA-256 of Normalize(s); it is what tombstones and evidence
// records store so that files can be matched without keeping the text twice.
func Key(s string) string {
	sum := sha256.Sum256([]byte(Normalize(s)))
	return hex.EncodeToString(sum[:])
}

// Tokens splits a line into the lower-case words and numbers that carry its
// meaning, dropping punctuation and very common words, for near-duplicate
// checks.
func Tokens(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.' || r == '/')
	})
	out := f[:0]
	for _, w := range f {
		w = strings.Trim(w, ".-_/")
		if w == "" || stop[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stop lists words too common to tell two memory lines apart. It is never
// modified.
var stop = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true,
	"to": true, "in": true, "on": true, "for": true, "with": true, "is": true,
	"are": true, "be": true, "it": true, "this": true, "that": true, "we": true,
	"i": true, "you": true, "our": true, "my": true, "please": true, "by": true,
	"as": true, "at": true, "from": true, "all": true, "when": true,
}
