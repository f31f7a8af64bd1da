package redact

import (
	"context"
	"encoding/base64"
)

func isB64(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
}

// printable reports whether at least frac of b is printable ASCII text.
func printable(b []byte, frac float64) bool {
	if len(b) == 0 {
		return false
	}
	ok := 0
	for _, c := range b {
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\r' || c == '\t' {
			ok++
		}
	}
	return float64(ok) >= frac*float64(len(b))
}

func decodeB64(s string) ([]byte, bool) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, true
		}
	}
	return nil, false
}

// scanBase64 finds base64 runs that decode to text holding a secret (a
// base64-wrapped .env, a Kubernetes secret value) and redacts the whole run.
// Binary payloads such as image data are rejected after a cheap look at
// their first bytes.
func (r *Redactor) scanBase64(ctx context.Context, f string) ([]span, error) {
	var spans []span
	for i := 0; i < len(f); {
		if !isB64(f[i]) {
			i++
			continue
		}
		j := i
		for j < len(f) && isB64(f[j]) {
			j++
		}
		k := j
		for k < len(f) && k-j < 2 && f[k] == '=' {
			k++
		}
		if j-i >= base64MinRun {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if sp, ok := r.base64Run(ctx, f, i, k); ok {
				spans = append(spans, sp)
			}
		}
		i = k
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return spans, nil
}

func (r *Redactor) base64Run(ctx context.Context, f string, i, k int) (span, bool) {
	run := f[i:k]
	if !mixedClasses(run) {
		return span{}, false
	}
	// Cheap rejection: decode a prefix first.
	head := run
	if len(head) > 64 {
		head = head[:64]
	}
	if hb, ok := decodeB64(head[:len(head)/4*4]); !ok || !printable(hb, printableCutoff) {
		if hb2, ok2 := decodeB64(head); !ok2 || !printable(hb2, printableCutoff) {
			return span{}, false
		}
	}
	dec, ok := decodeB64(run)
	if !ok || !printable(dec, printableCutoff) {
		return span{}, false
	}
	found, err := r.detectFragment(ctx, string(dec), false)
	if err != nil || len(found) == 0 {
		return span{}, false
	}
	return span{i, k, found[0].rule}, true
}

// mixedClasses reports whether s has upper- and lower-case letters and
// digits, as base64 of text of this length practically always does; it
// rules out identifiers and hex digests before any decoding.
func mixedClasses(s string) bool {
	var up, low, dig bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		up = up || c >= 'A' && c <= 'Z'
		low = low || c >= 'a' && c <= 'z'
		dig = dig || c >= '0' && c <= '9'
		if up && low && dig {
			return true
		}
	}
	return false
}
