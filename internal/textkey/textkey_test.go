package textkey

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Use pnpm, not npm.", "use pnpm, not npm"},
		{"- Use  pnpm,\tnot npm.", "use pnpm, not npm"},
		{"* USE pnpm, not npm", "use pnpm, not npm"},
		{"12. Use pnpm, not npm...", "use pnpm, not npm"},
		{"  -  spaced marker  ", "spaced marker"},
		{"-no space marker", "-no space marker"},
		{"3.14 is pi", "3.14 is pi"},
		{"", ""},
		{"- ", "-"},
		{"Run `go test ./...`", "run `go test ./...`"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestKey(t *testing.T) {
	if Key("- Use pnpm.") != Key("use   PNPM") {
		t.Fatal("equivalent lines have different keys")
	}
	if Key("use pnpm") == Key("use npm") {
		t.Fatal("different lines share a key")
	}
	k := Key("x")
	if len(k) != 64 || strings.Trim(k, "0123456789abcdef") != "" {
		t.Fatalf("key %q is not hex sha256", k)
	}
	// sha256("x") is well known.
	if k != "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881" {
		t.Fatalf("Key(x) = %s", k)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"- a.", "1. b", "  C  d ", "...", "* - 2. x."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if Normalize(n) != n {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, n, Normalize(n))
		}
		if n != strings.TrimSpace(n) || strings.Contains(n, "  ") {
			t.Fatalf("whitespace not collapsed: %q", n)
		}
		if Key(s) != Key(n) {
			t.Fatalf("key differs from key of normal form")
		}
	})
}
