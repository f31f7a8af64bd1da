package review

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Visible makes text safe to print on a terminal: control characters
// (escape sequences could hide or rewrite what the person is approving) and
// bidirectional overrides (which can reorder what is shown) are printed as
// \x.. or \u.... escapes. Text written by a model is shown this way, never
// raw.
func Visible(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			fmt.Fprintf(&b, `\x%02x`, r)
		case (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// isBinary reports whether data looks like a binary file (a NUL byte or
// invalid UTF-8), which is described rather than printed.
func isBinary(data []byte) bool {
	return strings.IndexByte(string(data), 0) >= 0 || !utf8.Valid(data)
}
