package main

import (
	"os"
	"strings"
	"testing"
)

// The committed table is what the generator makes from the committed data.
func TestGeneratedTableUpToDate(t *testing.T) {
	src, err := os.ReadFile("../../gitleaks/gitleaks.toml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Rules) < 200 {
		t.Fatalf("only %d rules parsed", len(cfg.Rules))
	}
	code, err := emit(cfg)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("../../rules_gitleaks_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(code) != string(have) {
		t.Fatal("rules_gitleaks_gen.go is stale: run go generate ./internal/redact")
	}
}

func TestParseSubset(t *testing.T) {
	src := `# comment
title = "x"
[allowlist]
regexes = [
    '''^a]b$''', '''c''',  # trailing comment
]
stopwords = ["s1", "s\"2"]

[[rules]]
id = "r1"
regex = '''[^]]+(?:'|")x'''
secretGroup = 2
entropy = 3.5
keywords = ["k1","k2"]
[[rules.allowlists]]
condition = "AND"
regexTarget = "line"
regexes = ['''y''']
paths = ['''\.go$''']

[[rules]]
id = "pathonly"
path = '''\.p12$'''
`
	cfg, err := parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Global.Regexes; len(got) != 2 || got[0] != "^a]b$" || got[1] != "c" {
		t.Fatalf("global regexes %q", got)
	}
	if got := cfg.Global.Stopwords; len(got) != 2 || got[1] != `s"2` {
		t.Fatalf("stopwords %q", got)
	}
	r := cfg.Rules[0]
	if r.ID != "r1" || r.Regex != `[^]]+(?:'|")x` || r.SecretGroup != 2 || r.Entropy != 3.5 || len(r.Keywords) != 2 {
		t.Fatalf("rule %+v", r)
	}
	if a := r.Allows[0]; a.Condition != "AND" || a.Target != "line" || !a.Paths || a.Regexes[0] != "y" {
		t.Fatalf("allowlist %+v", a)
	}
	code, err := emit(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out := string(code)
	if strings.Contains(out, "pathonly") {
		t.Error("path-only rule emitted")
	}
	if strings.Contains(out, `Regexes: []string{"y"}`) {
		t.Error("AND allowlist that needs a path emitted")
	}
	if !strings.Contains(out, "const gitleaksRuleCount = 1") {
		t.Errorf("rule count wrong:\n%s", out)
	}
}

func TestParseErrors(t *testing.T) {
	for _, src := range []string{
		"[other]\n",
		"[[rules]]\nunknown = 1\n",
		"[[rules]]\nregex = '''unterminated\n",
		"[[rules]]\nkeywords = [\"a\"\n",
		"[[rules.allowlists]]\n",
		"[[rules]]\nid = 5\n",
		"[[rules]]\nentropy = high\n",
	} {
		if _, err := parse(src); err == nil {
			t.Errorf("no error for %q", src)
		}
	}
}

// FuzzParse: the rule-file parser never panics or loops on any input.
func FuzzParse(f *testing.F) {
	f.Add("[[rules]]\nid = \"a\"\nregex = '''x'''\nkeywords = [\"k\"]\n")
	f.Add("[allowlist]\nregexes = ['''a''', '''b''',]\n")
	f.Add("[[rules]]\nentropy = 3\n[[rules.allowlists]]\nstopwords = [\"x\"]\n")
	f.Fuzz(func(t *testing.T, src string) {
		cfg, err := parse(src)
		if err == nil {
			_, _ = emit(cfg)
		}
	})
}
