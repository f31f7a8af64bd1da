package offline

import (
	"strings"
	"testing"
)

func TestAddUnderHeading(t *testing.T) {
	tests := []struct {
		name, text, heading string
		lines               []string
		want                string
	}{
		{"empty", "", "## Conventions", []string{"A."}, "## Conventions\n\n- A.\n"},
		{"heading only file", "# Project Memory\n", "## Conventions", []string{"A.", "B."}, "# Project Memory\n\n## Conventions\n\n- A.\n- B.\n"},
		{"existing section", "# M\n\n## Conventions\n\n- Old.\n\n## Other\n\n- X.\n", "## Conventions", []string{"New."},
			"# M\n\n## Conventions\n\n- Old.\n- New.\n\n## Other\n\n- X.\n"},
		{"empty section before next", "## Conventions\n\n## Other\n- X.\n", "## Conventions", []string{"New."}, "## Conventions\n\n- New.\n\n## Other\n- X.\n"},
		{"subsection stays inside", "## Conventions\n- A.\n### Detail\n- d.\n## Next\n", "## Conventions", []string{"B."}, "## Conventions\n- A.\n### Detail\n- d.\n- B.\n## Next\n"},
		{"no final newline", "# M\n- loose", "## Verification", []string{"V."}, "# M\n- loose\n\n## Verification\n\n- V.\n"},
		{"case-insensitive heading", "## conventions\n- A.\n", "## Conventions", []string{"B."}, "## conventions\n- A.\n- B.\n"},
		{"nothing to add", "# M\n", "## Conventions", nil, "# M\n"},
	}
	for _, tt := range tests {
		if got := addUnderHeading(tt.text, tt.heading, tt.lines); got != tt.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func FuzzAddUnderHeading(f *testing.F) {
	f.Add("# M\n\n## Conventions\n- a\n## B\n", "x")
	f.Add("", "y")
	f.Add("no newline", "z")
	f.Fuzz(func(t *testing.T, text, line string) {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			return
		}
		got := addUnderHeading(text, "## Conventions", []string{line})
		if !strings.Contains(got, "\n- "+line+"\n") && !strings.HasPrefix(got, "- "+line+"\n") {
			t.Fatalf("line missing from %q", got)
		}
		// Nothing of the original is lost or reordered: removing the added
		// item (and blank lines) gives back the original lines.
		strip := func(s string) []string {
			var out []string
			for _, l := range strings.Split(s, "\n") {
				if strings.TrimSpace(l) != "" {
					out = append(out, l)
				}
			}
			return out
		}
		orig := strip(text)
		res := strip(got)
		j := 0
		for _, l := range res {
			if j < len(orig) && l == orig[j] {
				j++
			}
		}
		if j != len(orig) {
			t.Fatalf("original lines lost or reordered:\n%q\n->\n%q", text, got)
		}
	})
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"From now on, always use pnpm.", "no, use X not Y", "ignore what I said about yarn", "Remember that x is y", "never mind", "In all my projects, never do z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sent := range sentences(ownText(s)) {
			st, _ := classify(sent, false, source{})
			if st == nil {
				continue
			}
			if st.line == "" || !strings.HasSuffix(st.line, ".") || strings.Contains(st.line, "\n") {
				t.Fatalf("bad line %q from %q", st.line, sent)
			}
		}
	})
}
