package tombstone

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
)

// Normalize folds the superficial differences between two phrasings of the
// same line (case, spacing, list marker, final full stop) so a reworded
// bullet still matches its tombstone.
//
// It follows the shared textkey rule; it moves to internal/textkey once that
// package lands so evidence and tombstones share one definition.
func Normalize(s string) string {
	s = strings.ToLower(strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " "))
	s = trimListMarker(s)
	s = strings.TrimRight(s, ".")
	return strings.TrimSpace(s)
}

func trimListMarker(s string) string {
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") {
		return s[2:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && strings.HasPrefix(s[i:], ". ") {
		return s[i+2:]
	}
	return s
}

// Key is the hex sha256 of Normalize(s): the identity of a line across
// tombstones and evidence.
func Key(s string) string {
	sum := sha256.Sum256([]byte(Normalize(s)))
	return hex.EncodeToString(sum[:])
}
