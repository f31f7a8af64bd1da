package review

import "testing"

func TestParseKey(t *testing.T) {
	for in, want := range map[string]string{"y\n": "y", "  N ": "n", "": "", "\n": "", "yes": "y", "?": "?"} {
		if got := ParseKey(in); got != want {
			t.Errorf("ParseKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParseKey(f *testing.F) {
	f.Add("y")
	f.Fuzz(func(t *testing.T, s string) {
		k := ParseKey(s)
		if len(k) > 1 {
			t.Fatalf("key %q longer than one byte", k)
		}
	})
}
