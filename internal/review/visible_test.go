package review

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestVisible(t *testing.T) {
	tests := map[string]string{
		"plain text\tok":  "plain text\tok",
		"héllo":           "héllo",
		"\x1b[2Jcleared":  `\x1b[2Jcleared`,
		"a\rb":            `a\x0db`,
		"bidi \u202eevil": `bidi \u202eevil`,
		"bad \xff byte":   `bad \xff byte`,
		"c1 \u009b31m":    `c1 \x9b31m`,
	}
	for in, want := range tests {
		if got := Visible(in); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDraftFileShownSafely(t *testing.T) {
	var b strings.Builder
	WriteFile(&b, false, "SKILL.md", false, []byte("ok\n\x1b]0;pwned\x07\n"))
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `\x1b]0;pwned\x07`) {
		t.Errorf("escape not neutralised: %q", b.String())
	}
	b.Reset()
	WriteFile(&b, false, "blob.bin", true, []byte{0, 1, 2})
	if !strings.Contains(b.String(), "binary file, 3 bytes") || !strings.Contains(b.String(), "(executable)") {
		t.Errorf("binary file shown as %q", b.String())
	}
}

func FuzzVisible(f *testing.F) {
	f.Add("\x1b[31mred")
	f.Fuzz(func(t *testing.T, s string) {
		v := Visible(s)
		if !utf8.ValidString(v) {
			t.Fatalf("Visible(%q) is not valid UTF-8", s)
		}
		for _, r := range v {
			if (r < 0x20 && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
				t.Fatalf("Visible(%q) keeps control %U", s, r)
			}
		}
	})
}
