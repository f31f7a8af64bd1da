package redact

import (
	"strings"
	"testing"
)

func newTest(t testing.TB) *Redactor {
	t.Helper()
	r, err := New(Options{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}

// TestCorpus: every secret shape is redacted in every encoding, and the
// encoded form stays decodable (a redacted JSON string is still JSON).
func TestCorpus(t *testing.T) {
	r := newTest(t)
	shapes := corpus(1)
	if len(shapes) < 25 {
		t.Fatalf("corpus has %d shapes, want >= 25", len(shapes))
	}
	for _, sh := range shapes {
		for _, enc := range encodings() {
			if sh.name == "base64-env" && enc.name != "plain" && enc.name != "json-value" && enc.name != "json-string" {
				continue // base64 inside percent/\u escapes is not decoded twice
			}
			t.Run(sh.name+"/"+enc.name, func(t *testing.T) {
				in := enc.encode(sh.text)
				out, findings := r.Redact(in)
				dec, err := enc.decode(out)
				if err != nil {
					t.Fatalf("redacted text no longer decodes: %v\n%s", err, out)
				}
				for _, s := range sh.secrets {
					if strings.Contains(dec, s) || strings.Contains(out, s) {
						t.Errorf("secret survived (len %d)\nin:  %s\nout: %s", len(s), in, out)
					}
				}
				if len(findings) == 0 || !strings.Contains(out, "[REDACTED:") {
					t.Errorf("no findings / placeholder: %v %s", findings, out)
				}
			})
		}
	}
}
