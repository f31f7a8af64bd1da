package transcript

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// The scan reads every line of every transcript, but needs only a handful of
// small top-level fields. encoding/json would decode (and allocate for) the
// large tool outputs too, so this file holds a small validating walker that
// checks a line is well-formed JSON while skipping over values it is not asked
// about. Values that are wanted are handed out as raw sub-slices and decoded
// with encoding/json only then.

// maxDepth bounds nesting per line, so a hostile line cannot exhaust the stack.
const maxDepth = 512

var (
	errSyntax = errors.New("invalid json")
	errDeep   = errors.New("json nested too deeply")
)

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipWS(b []byte, i int) int {
	for i < len(b) && isWS(b[i]) {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at b[i] (a
// quote) and whether it held any escape sequence. String bodies are most of
// every transcript line, so it looks for the closing quote, a backslash or a
// raw control character (below 0x20) eight bytes at a time (special)
// instead of visiting each byte. Escape sequences are validated, and a raw
// control character makes the string invalid, as JSON.parse and
// encoding/json judge it.
func skipString(b []byte, i int) (int, bool, error) {
	i++
	esc := false
	for {
		i = stringStop(b, i)
		if i == len(b) {
			return i, esc, errSyntax
		}
		switch b[i] {
		case '"':
			return i + 1, esc, nil
		case '\\':
		default:
			return i, esc, errSyntax // a raw control character
		}
		esc = true
		if i+1 >= len(b) {
			return i, esc, errSyntax
		}
		switch b[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if i+6 > len(b) {
				return i, esc, errSyntax
			}
			for _, h := range b[i+2 : i+6] {
				if !isHex(h) {
					return i, esc, errSyntax
				}
			}
			i += 6
		default:
			return i, esc, errSyntax
		}
	}
}

// Masks for stringStop's word-at-a-time search.
const (
	bytes01 = 0x0101010101010101
	bytes20 = 0x2020202020202020
	bytes22 = 0x2222222222222222 // '"'
	bytes5C = 0x5C5C5C5C5C5C5C5C // '\\'
	bytes80 = 0x8080808080808080
)

// special flags, in the top bit of each byte, the bytes of the little-endian
// word x that are a quote, a backslash or below 0x20. Subtracting 0x20 from
// x (or 0x01 from x^0x22, x^0x5C) sets the top bit of a byte that was below
// 0x20 (or a quote, a backslash); masking with the complement of x drops
// bytes that had it set already (0x80 and up; the xors keep the top bits).
// A borrow can flag a byte above a true match, never below one, so the
// lowest flag is always a true match.
func special(x uint64) uint64 {
	return ((x - bytes20) | (x ^ bytes22 - bytes01) | (x ^ bytes5C - bytes01)) &^ x & bytes80
}

// stringStop returns the index of the first quote, backslash or control
// character in b[i:], or len(b) if there is none.
func stringStop(b []byte, i int) int {
	for len(b)-i >= 32 {
		s := b[i : i+32 : i+32]
		if special(binary.LittleEndian.Uint64(s))|special(binary.LittleEndian.Uint64(s[8:]))|
			special(binary.LittleEndian.Uint64(s[16:]))|special(binary.LittleEndian.Uint64(s[24:])) != 0 {
			break // the loop below finds which byte
		}
		i += 32
	}
	for len(b)-i >= 8 {
		if m := special(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	q := len(b)
	if i == q {
		return q
	}
	if q >= 8 {
		// The last 1..7 bytes: read the word that ends at q, its leading
		// bytes (before i) set to 0xFF, which is never flagged.
		n := q - i
		w := binary.LittleEndian.Uint64(b[q-8:]) | (1<<(8*(8-n)) - 1)
		if m := special(w); m != 0 {
			return q - 8 + bits.TrailingZeros64(m)>>3
		}
		return q
	}
	for ; i < q; i++ {
		if c := b[i]; c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return q
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func skipNumber(b []byte, i int) (int, error) {
	start := i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return start, errSyntax
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return i, errSyntax
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return i, errSyntax
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	return i, nil
}

func skipLiteral(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, errSyntax
	}
	return i + len(lit), nil
}

// skipValue returns the index just past the JSON value starting at b[i].
func skipValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, errSyntax
	}
	switch b[i] {
	case '"':
		j, _, err := skipString(b, i)
		return j, err
	case '{':
		return walkObject(b, i, depth, nil)
	case '[':
		return walkArray(b, i, depth, nil)
	case 't':
		return skipLiteral(b, i, "true")
	case 'f':
		return skipLiteral(b, i, "false")
	case 'n':
		return skipLiteral(b, i, "null")
	default:
		return skipNumber(b, i)
	}
}

// walkObject validates the object at b[i]; when fn is set it is called for
// every member with the raw key (without quotes; escapes resolved) and the raw
// value.
func walkObject(b []byte, i, depth int, fn func(key, val []byte)) (int, error) {
	if depth >= maxDepth {
		return i, errDeep
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, errSyntax
		}
		ks := i
		ke, esc, err := skipString(b, i)
		if err != nil {
			return ke, err
		}
		i = skipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return i, errSyntax
		}
		i = skipWS(b, i+1)
		vs := i
		if i, err = skipValue(b, i, depth+1); err != nil {
			return i, err
		}
		if fn != nil {
			key := b[ks+1 : ke-1]
			if esc {
				var s string
				if json.Unmarshal(b[ks:ke], &s) != nil {
					return i, errSyntax
				}
				key = []byte(s)
			}
			fn(key, b[vs:i])
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return i, errSyntax
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, errSyntax
		}
	}
}

// walkArray validates the array at b[i], calling fn (when set) per element.
func walkArray(b []byte, i, depth int, fn func(val []byte)) (int, error) {
	if depth >= maxDepth {
		return i, errDeep
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		vs := i
		var err error
		if i, err = skipValue(b, i, depth+1); err != nil {
			return i, err
		}
		if fn != nil {
			fn(b[vs:i])
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return i, errSyntax
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, errSyntax
		}
	}
}

// eachField requires b to be exactly one JSON object (surrounding white space
// allowed) and calls fn for each member. A later duplicate key is reported
// after the earlier one, so callers that overwrite get JavaScript's
// last-wins behaviour.
func eachField(b []byte, fn func(key, val []byte)) error {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errSyntax
	}
	i, err := walkObject(b, i, 0, fn)
	if err != nil {
		return err
	}
	if skipWS(b, i) != len(b) {
		return errSyntax
	}
	return nil
}

// Walking values already validated. Every value the walker hands out has
// been checked whole, and the decoders then take it apart again, one level
// at a time: a Gemini tool call's output sits four levels below its line
// and was walked once per level (skipString stops at every escape, and
// outputs are full of them). eachElem and fieldsOf are for such values
// only: they trust the value, find a string's end with bytes.IndexByte
// (vectorised) and a container's by counting brackets outside strings.
// On malformed input they stay in bounds and end, but may report anything.

// skipKnownString returns the index just past the valid string at b[i] (a
// quote): the first quote after it that follows an even run of
// backslashes. In a valid string every backslash starts an escape, so a
// maximal run of them before a quote escapes it exactly when it is odd.
func skipKnownString(b []byte, i int) int {
	j := i + 1
	for j < len(b) {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			break
		}
		q := j + k
		n := 0
		for q-n-1 > i && b[q-n-1] == '\\' {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
	return len(b)
}

// skipKnown returns the index just past the valid value at b[i].
func skipKnown(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '"':
			i = skipKnownString(b, i)
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth <= 1 {
				if depth == 1 {
					i++
				}
				return i
			}
			depth--
		default:
			if depth == 0 { // a number or a literal
				for i < len(b) && !isWS(b[i]) && b[i] != ',' && b[i] != '}' && b[i] != ']' {
					i++
				}
				return i
			}
		}
		i++
	}
	return i
}

// eachElem calls fn for each element when b, a value already known to be
// valid, is an array; it reports whether it was one.
func eachElem(b []byte, fn func(val []byte)) bool {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		return false
	}
	for i = skipWS(b, i+1); i < len(b) && b[i] != ']'; {
		vs := i
		if i = skipKnown(b, i); i == vs {
			break
		}
		fn(b[vs:i])
		if i = skipWS(b, i); i < len(b) && b[i] == ',' {
			i = skipWS(b, i+1)
		}
	}
	return true
}

// fieldsOf calls fn for every member when b, a value already known to be
// valid, is an object (keys as eachField gives them); it reports whether
// it was one.
func fieldsOf(b []byte, fn func(key, val []byte)) bool {
	if len(b) == 0 || b[0] != '{' {
		return false
	}
	for i := skipWS(b, 1); i < len(b) && b[i] == '"'; {
		ke := skipKnownString(b, i)
		if ke-1 <= i {
			break
		}
		key := b[i+1 : ke-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			s, ok := jsonString(b[i:ke])
			if !ok {
				break
			}
			key = []byte(s)
		}
		if i = skipWS(b, ke); i >= len(b) || b[i] != ':' {
			break
		}
		vs := skipWS(b, i+1)
		i = skipKnown(b, vs)
		fn(key, b[vs:i])
		if i = skipWS(b, i); i < len(b) && b[i] == ',' {
			i = skipWS(b, i+1)
		}
	}
	return true
}

// jsonString decodes a raw JSON string value; ok is false for any other type.
// It decodes as encoding/json does (invalid UTF-8 and lone surrogates become
// U+FFFD); values come from the walker, which has already refused raw
// control characters.
func jsonString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	inner := v[1 : len(v)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner), true
	}
	return unquote(inner)
}

// unquote resolves the escapes of a string body.
func unquote(in []byte) (string, bool) {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); {
		c := in[i]
		switch {
		case c == '\\':
			if i+1 >= len(in) {
				return "", false
			}
			switch e := in[i+1]; e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(in[i+2:])
				if r < 0 {
					return "", false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if i+1 < len(in) && in[i] == '\\' && in[i+1] == 'u' {
						if r2 := hex4(in[i+2:]); r2 >= 0 {
							if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
								out = utf8.AppendRune(out, d)
								i += 6
								continue
							}
						}
					}
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
				continue
			default:
				return "", false
			}
			i += 2
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && n == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, in[i:i+n]...)
			}
			i += n
		}
	}
	return string(out), true
}

// hex4 parses four hex digits at the start of b, or returns -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

// isString reports whether a raw value is a JSON string.
func isString(v []byte) bool { return len(v) > 0 && v[0] == '"' }

// truthy mirrors JavaScript truthiness for a raw JSON value; an absent value
// (nil) is falsy.
func truthy(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	switch string(v) {
	case "null", "false", `""`:
		return false
	}
	if v[0] == '-' || isDigit(v[0]) {
		var f float64
		if json.Unmarshal(v, &f) == nil && f == 0 {
			return false
		}
	}
	return true
}
