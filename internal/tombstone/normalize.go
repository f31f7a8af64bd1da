package tombstone

import "github.com/automem/automem/internal/textkey"

// Key is the identity of a line across tombstones and evidence.
func Key(s string) string { return textkey.Key(s) }
