package tombstone

import "github.com/automem/automem/internal/textkey"

// Normalize folds the superficial differences between two phrasings of the
// same line; it is textkey's rule, re-exported so tombstone callers need one
// import.
func Normalize(s string) string { return textkey.Normalize(s) }

// Key is the identity of a line across tombstones and evidence.
func Key(s string) string { return textkey.Key(s) }
