package redact

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// view is a decoded reading of a fragment (JSON string escapes or percent
// encoding undone) with, for every decoded byte, the span of the source
// bytes it came from. Detection runs on the view; the spans found are mapped
// back and the encoded source bytes are replaced, so a secret hidden as
// "\u002d\u002d…" or "%3A%2F" is still redacted in the text actually sent.
type view struct {
	text  string
	start []int32 // decoded byte i came from source[start[i]:end[i]]
	end   []int32
}

// srcSpan maps a decoded span [a,b) back to the source.
func (v *view) srcSpan(a, b int) (int, int) {
	if v.start == nil {
		return a, b
	}
	if b <= a {
		return int(v.start[a]), int(v.start[a])
	}
	return int(v.start[a]), int(v.end[b-1])
}

// compose returns a view of v's text decoded again, mapped to v's source.
func (v *view) compose(inner *view) *view {
	if v.start == nil {
		return inner
	}
	out := &view{text: inner.text, start: make([]int32, len(inner.text)), end: make([]int32, len(inner.text))}
	for i := range inner.text {
		out.start[i] = v.start[inner.start[i]]
		out.end[i] = v.end[inner.end[i]-1]
	}
	return out
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// jsonView undoes JSON string escapes wherever they occur; it returns nil
// when s has none.
func jsonView(s string) *view {
	if strings.IndexByte(s, '\\') < 0 {
		return nil
	}
	var b strings.Builder
	b.Grow(len(s))
	start := make([]int32, 0, len(s))
	end := make([]int32, 0, len(s))
	emit := func(p []byte, from, to int) {
		b.Write(p)
		for range p {
			start = append(start, int32(from))
			end = append(end, int32(to))
		}
	}
	changed := false
	var one [1]byte
	var rb [utf8.UTFMax]byte
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			one[0] = c
			emit(one[:], i, i+1)
			i++
			continue
		}
		var dec byte
		switch s[i+1] {
		case 'n':
			dec = '\n'
		case 't':
			dec = '\t'
		case 'r':
			dec = '\r'
		case 'b':
			dec = '\b'
		case 'f':
			dec = '\f'
		case '"', '\\', '/', '\'':
			dec = s[i+1]
		case 'u':
			if i+6 <= len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+6], 16, 32); err == nil {
					n := utf8.EncodeRune(rb[:], rune(v))
					emit(rb[:n], i, i+6)
					changed = true
					i += 6
					continue
				}
			}
			one[0] = c
			emit(one[:], i, i+1)
			i++
			continue
		default:
			one[0] = c
			emit(one[:], i, i+1)
			i++
			continue
		}
		one[0] = dec
		emit(one[:], i, i+2)
		changed = true
		i += 2
	}
	if !changed {
		return nil
	}
	return &view{text: b.String(), start: start, end: end}
}

// percentView undoes %XX escapes; it returns nil when s has none.
func percentView(s string) *view {
	if strings.IndexByte(s, '%') < 0 {
		return nil
	}
	var b strings.Builder
	b.Grow(len(s))
	start := make([]int32, 0, len(s))
	end := make([]int32, 0, len(s))
	changed := false
	for i := 0; i < len(s); {
		if s[i] == '%' && i+2 < len(s) {
			hi, ok1 := hexVal(s[i+1])
			lo, ok2 := hexVal(s[i+2])
			if ok1 && ok2 {
				b.WriteByte(hi<<4 | lo)
				start = append(start, int32(i))
				end = append(end, int32(i+3))
				changed = true
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
		start = append(start, int32(i))
		end = append(end, int32(i+1))
		i++
	}
	if !changed {
		return nil
	}
	return &view{text: b.String(), start: start, end: end}
}

// snap widens a source span [a,b) so that it neither starts nor ends
// inside one of v's escape sequences: replacing half of "\n" or "%2F"
// would change what the surrounding JSON string or URL means.
func (v *view) snap(a, b, n int) (int, int) {
	if v.start == nil {
		return a, b
	}
	i := sort.Search(len(v.start), func(i int) bool { return int(v.start[i]) > a }) - 1
	if i >= 0 && int(v.end[i]) > a {
		a = int(v.start[i])
	}
	j := sort.Search(len(v.start), func(i int) bool { return int(v.end[i]) >= b })
	if j < len(v.start) && int(v.start[j]) < b {
		b = int(v.end[j])
	}
	return a, min(b, n)
}
