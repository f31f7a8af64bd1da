package inbox

import (
	"strings"
	"testing"
)

const fourHunks = `--- /m/MEMORY.md
+++ /m/MEMORY.md
@@ -1,3 +1,4 @@
 # Project Memory
+- one
 a
 b
@@ -10,3 +11,4 @@
 j
 k
+- two
 l
@@ -20,3 +22,4 @@
 t
+- three
 u
 v
@@ -30,2 +33,3 @@
 z1
 z2
+- four
`

func memText() []string {
	var out []string
	out = append(out, "# Project Memory")
	for i := 2; i <= 31; i++ {
		out = append(out, map[int]string{2: "a", 3: "b", 10: "j", 11: "k", 12: "l", 20: "t", 21: "u", 22: "v", 30: "z1", 31: "z2"}[i])
	}
	return out
}

func decideAll(h *Hunk, d Decision) []Decision {
	out := make([]Decision, len(h.Lines))
	for i := range out {
		out[i] = d
	}
	return out
}

func TestParseRender(t *testing.T) {
	p, err := ParsePatch([]byte(fourHunks))
	if err != nil {
		t.Fatal(err)
	}
	if p.NumHunks() != 4 {
		t.Fatalf("hunks = %d", p.NumHunks())
	}
	if got := string(p.Render()); got != strings.ReplaceAll(fourHunks, "@@ -30,2 +33,3 @@", "@@ -30,2 +33,3 @@") {
		t.Errorf("render round trip differs:\n%s", got)
	}
}

func TestParseRefusals(t *testing.T) {
	tests := []struct{ name, in, reason string }{
		{"counts", "--- /m/a.md\n+++ /m/a.md\n@@ -1,2 +1,2 @@\n a\n", ReasonMalformed},
		{"relative", "--- a.md\n+++ a.md\n@@ -1 +1 @@\n-a\n+b\n", ReasonBadHeaders},
		{"mismatch", "--- /m/a.md\n+++ /m/b.md\n@@ -1 +1 @@\n-a\n+b\n", ReasonBadHeaders},
		{"nohunks", "--- /m/a.md\n+++ /m/a.md\n", ReasonNoHunks},
		{"junk", "hello\n", ReasonMalformed},
		{"empty", "", ReasonNoHunks},
	}
	for _, tt := range tests {
		_, err := ParsePatch([]byte(tt.in))
		pe, ok := err.(*PatchError)
		if !ok || pe.Reason != tt.reason {
			t.Errorf("%s: err = %v, want reason %s", tt.name, err, tt.reason)
		}
	}
}

func TestSelectHunks1And3(t *testing.T) {
	p, _ := ParsePatch([]byte(fourHunks))
	hs := p.Sections[0].Hunks
	sel := Selection{hs[0]: decideAll(hs[0], Apply), hs[1]: decideAll(hs[1], Dismiss), hs[2]: decideAll(hs[2], Apply)}
	applied, rem := Select(p, sel)
	base := memText()
	mid, err := applySection(base, applied.Sections[0])
	if err != nil {
		t.Fatal(err)
	}
	final, err := applySection(mid, rem.Sections[0])
	if err != nil {
		t.Fatalf("remainder does not apply on top: %v\n%s", err, rem.Render())
	}
	got := strings.Join(final, "|")
	if !strings.Contains(got, "- one") || !strings.Contains(got, "- three") || !strings.Contains(got, "- four") || strings.Contains(got, "- two") {
		t.Errorf("final = %s", got)
	}
	// The remainder must be exactly one hunk with stated positions that match.
	if rem.NumHunks() != 1 || rem.Sections[0].Hunks[0].OldStart != 32 {
		t.Errorf("remainder:\n%s", rem.Render())
	}
	mp := strings.Join(mid, "\n")
	if strings.Count(mp, "- ") != 2 {
		t.Errorf("applied wrong lines: %s", mp)
	}
}

func TestSelectLines(t *testing.T) {
	p, _ := ParsePatch([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n@@ -1,2 +1,5 @@\n x\n-old\n+l1\n+l2\n+l3\n+l4\n"))
	h := p.Sections[0].Hunks[0]
	// lines: ' x', '-old', '+l1', '+l2', '+l3', '+l4'; keep changes 1 and 3 (-old, +l2)
	sel := Selection{h: {Pending, Apply, Pending, Apply, Pending, Pending}}
	applied, rem := Select(p, sel)
	mid, err := applySection([]string{"x", "old"}, applied.Sections[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(mid, ",") != "x,l2" {
		t.Errorf("applied = %v", mid)
	}
	final, err := applySection(mid, rem.Sections[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(final, ",") != "x,l1,l2,l3,l4" {
		t.Errorf("final = %v\n%s", final, rem.Render())
	}
}

func TestSelectCreatePartial(t *testing.T) {
	p, _ := ParsePatch([]byte("--- /dev/null\n+++ /m/topic.md\n@@ -0,0 +1,2 @@\n+a\n+b\n"))
	h := p.Sections[0].Hunks[0]
	applied, rem := Select(p, Selection{h: {Apply, Pending}})
	if !applied.Sections[0].Create || rem.Sections[0].Create {
		t.Fatalf("create flags wrong: applied %v remainder %v", applied.Sections[0].Create, rem.Sections[0].Create)
	}
	mid, _ := applySection(nil, applied.Sections[0])
	final, err := applySection(mid, rem.Sections[0])
	if err != nil || strings.Join(final, ",") != "a,b" {
		t.Errorf("final = %v, %v\n%s", final, err, rem.Render())
	}
	_, rem2 := Select(p, Selection{h: {Dismiss, Dismiss}})
	if len(rem2.Sections) != 0 {
		t.Errorf("fully decided remainder not empty:\n%s", rem2.Render())
	}
}

func FuzzParsePatch(f *testing.F) {
	f.Add([]byte(fourHunks))
	f.Add([]byte("--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1 @@\n+a\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePatch(data)
		if err != nil {
			return
		}
		q, err := ParsePatch(p.Render())
		if err != nil {
			t.Fatalf("rendered patch does not parse: %v\n%s", err, p.Render())
		}
		if string(q.Render()) != string(p.Render()) {
			t.Fatalf("render not stable")
		}
	})
}
