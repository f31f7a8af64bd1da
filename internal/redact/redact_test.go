package redact

import (
	"context"
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

// Every rule (gitleaks data and ours) compiles; New alone compiles none.
func TestRulesCompile(t *testing.T) {
	r := newTest(t)
	for i := range r.rules {
		if r.rules[i].lazy.re != nil {
			t.Fatalf("rule %s compiled by New", r.rules[i].id)
		}
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if n := len(r.Rules()); n != gitleaksRuleCount+len(automemRules()) {
		t.Fatalf("%d rules", n)
	}
	seen := map[string]bool{}
	for _, id := range r.Rules() {
		if seen[id] {
			t.Fatalf("duplicate rule id %s", id)
		}
		seen[id] = true
		if !placeholderRe().MatchString(Placeholder(id)) {
			t.Fatalf("placeholder for %s not recognised", id)
		}
	}
	bad, err := newWithRules(Options{}, []ruleSpec{{ID: "bad", Regex: `(`, Keywords: []string{"x"}}})
	if err != nil {
		t.Fatal(err)
	}
	if bad.Check() == nil {
		t.Fatal("bad rule passed Check")
	}
	if _, _, err := bad.Text(context.Background(), "x"); err == nil {
		t.Fatal("bad rule did not fail closed")
	}
}

// Inside escaped JSON, a secret's span never swallows the escaped text
// after it nor splits an escape sequence, and the JSON still decodes.
func TestEscapedContextPreserved(t *testing.T) {
	r := newTest(t)
	g := newGen(31)
	for _, text := range []string{
		"API_KEY=" + g.str(alnum, 24) + "\nNEXT_SETTING=1",
		"db_password=" + g.str(alnum, 14) + "7\nNEXT_SETTING=1",
		"run --token " + g.str(alnum, 20) + "\nNEXT_SETTING=1",
		"curl -u me:" + g.str(alnum, 12) + "\tNEXT_SETTING=1",
		"postgres://u:" + g.str(alnum, 12) + "@h/db\nNEXT_SETTING=1",
		"-----BEGIN RSA PRIVATE KEY-----\n" + g.str(b64c, 64) + "\n-----END RSA PRIVATE KEY-----\nNEXT_SETTING=1",
	} {
		for _, enc := range encodings()[1:4] {
			in := enc.encode(text)
			out, f := r.Redact(in)
			dec, err := enc.decode(out)
			if err != nil {
				t.Fatalf("%s: no longer decodes: %v\n%s", enc.name, err, out)
			}
			if len(f) == 0 || !strings.Contains(dec, "NEXT_SETTING=1") {
				t.Errorf("%s: context lost or nothing found (%v):\nin:  %s\nout: %s", enc.name, f, in, out)
			}
		}
	}
}

// Tokens are caught wherever they sit: in a path, a URL, before an
// escaped quote in raw JSON, in parentheses.
func TestTokenContexts(t *testing.T) {
	r := newTest(t)
	g := newGen(19)
	tokens := map[string]string{
		"anthropic-api-key":        "sk-ant-api03-" + g.str(word, 93) + "AA",
		"gcp-api-key":              "AIzaSy" + g.str(word, 33),
		"stripe-access-token":      "sk_test_FAKE" + g.str(alnum, 24),
		"npm-access-token":         "npm_" + g.str(lower+digits, 36),
		"huggingface-access-token": "hf_" + g.str(upper+lower, 34),
		"digitalocean-pat":         "dop_v1_" + g.str("0123456789abcdef", 64),
	}
	for rule, tok := range tokens {
		for _, ctx := range []string{"/srv/%s/config.yaml", "https://x.invalid/%s?y=1", `{\"k\": \"%s\"}`, "(%s)", "%s#frag", "**%s**", "key %s!"} {
			in := strings.Replace(ctx, "%s", tok, 1)
			out, f := r.Redact(in)
			if strings.Contains(out, tok[len(tok)-12:]) {
				t.Errorf("%s survives in %q: %q %v", rule, ctx, out, f)
			}
		}
	}
}
