package redact

import (
	"strings"
	"testing"
)

// FuzzRedact: never panics, is idempotent, and output placeholders are
// well formed.
func FuzzRedact(f *testing.F) {
	for _, sh := range corpus(2) {
		for _, e := range encodings() {
			f.Add(e.encode(sh.text))
		}
	}
	f.Add(`{"a":"\u002d\u002d\u002d\u002d\u002dBEGIN PRIVATE KEY\u002d\u002d\u002d\u002d\u002d\nAAA"}`)
	f.Add("%%%41%4")
	f.Add(`\u12`)
	r := newTest(f)
	f.Fuzz(func(t *testing.T, s string) {
		once, fs := r.Redact(s)
		twice, _ := r.Redact(once)
		if twice != once {
			t.Fatalf("not idempotent:\nonce  %q\ntwice %q", once, twice)
		}
		n := 0
		for _, x := range fs {
			if x.Count <= 0 || x.Rule == "" {
				t.Fatalf("bad finding %v", x)
			}
			n += x.Count
		}
		if got := strings.Count(once, "[REDACTED:") - strings.Count(s, "[REDACTED:"); n > 0 && got <= 0 {
			t.Fatalf("findings %v but no new placeholder", fs)
		}
	})
}

// FuzzViews: decoded views map every byte back inside the source, in order.
func FuzzViews(f *testing.F) {
	f.Add(`a\nb\u00e9\"c%41%zz%4`)
	f.Add(`\\u002d%2F`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []*view{jsonView(s), percentView(s)} {
			if v == nil {
				continue
			}
			if len(v.start) != len(v.text) || len(v.end) != len(v.text) {
				t.Fatalf("map length mismatch")
			}
			prev := int32(0)
			for i := range v.text {
				if v.start[i] < prev || v.start[i] >= v.end[i] || int(v.end[i]) > len(s) {
					t.Fatalf("bad map at %d: %d..%d (prev %d, len %d)", i, v.start[i], v.end[i], prev, len(s))
				}
				if v.end[i]-v.start[i] == 1 && s[v.start[i]] != v.text[i] {
					t.Fatalf("identity byte differs at %d", i)
				}
				prev = v.start[i]
			}
			a, b := v.srcSpan(0, len(v.text))
			if a != 0 || b != len(s) {
				t.Fatalf("whole span maps to %d..%d of %d", a, b, len(s))
			}
			for k := 0; k < len(s); k += 1 + len(s)/7 {
				a, b := v.snap(k, min(len(s), k+3), len(s))
				if a > k || b < min(len(s), k+3) || b > len(s) {
					t.Fatalf("snap narrowed %d..%d to %d..%d", k, k+3, a, b)
				}
				for i := range v.text {
					if v.start[i] < int32(a) && int32(a) < v.end[i] || v.start[i] < int32(b) && int32(b) < v.end[i] {
						t.Fatalf("snapped span %d..%d splits sequence %d..%d", a, b, v.start[i], v.end[i])
					}
				}
			}
		}
	})
}
