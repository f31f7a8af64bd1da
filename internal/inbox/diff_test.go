package inbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/automem/automem/internal/patch"
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

func memText() string {
	var out []string
	out = append(out, "# Project Memory")
	for i := 2; i <= 31; i++ {
		out = append(out, map[int]string{2: "a", 3: "b", 10: "j", 11: "k", 12: "l", 20: "t", 21: "u", 22: "v", 30: "z1", 31: "z2"}[i])
	}
	return strings.Join(out, "\n") + "\n"
}

// applyAll applies every section of p in order to text.
func applyAll(t *testing.T, text string, p *Patch) string {
	t.Helper()
	for _, f := range p.Files {
		out, err := patch.ApplyText([]byte(text), f)
		if err != nil {
			t.Fatalf("apply: %v\n%s", err, p.Bytes())
		}
		text = string(out)
	}
	return text
}

func TestSelectHunks1And3(t *testing.T) {
	p, err := ParsePatch([]byte(fourHunks))
	if err != nil {
		t.Fatal(err)
	}
	hs := p.Files[0].Hunks
	sel := Selection{hs[0]: Fill(hs[0], Apply), hs[1]: Fill(hs[1], Dismiss), hs[2]: Fill(hs[2], Apply)}
	applied, rem := Select(p, sel)
	mid := applyAll(t, memText(), applied)
	if strings.Count(mid, "- ") != 2 || !strings.Contains(mid, "- one") || !strings.Contains(mid, "- three") {
		t.Errorf("applied wrong lines: %s", mid)
	}
	final := applyAll(t, mid, rem)
	if !strings.Contains(final, "- four") || strings.Contains(final, "- two") {
		t.Errorf("final = %s", final)
	}
	if rem.NumHunks() != 1 || rem.Files[0].Hunks[0].OldStart != 32 {
		t.Errorf("remainder:\n%s", rem.Bytes())
	}
	if _, err := ParsePatch(rem.Bytes()); err != nil {
		t.Errorf("remainder does not parse: %v", err)
	}
}

func TestSelectLines(t *testing.T) {
	p, _ := ParsePatch([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n@@ -1,2 +1,5 @@\n x\n-old\n+l1\n+l2\n+l3\n+l4\n"))
	h := p.Files[0].Hunks[0]
	// lines: ' x', '-old', '+l1', '+l2', '+l3', '+l4'; apply -old and +l2
	applied, rem := Select(p, Selection{h: {Pending, Apply, Pending, Apply, Pending, Pending}})
	mid := applyAll(t, "x\nold\n", applied)
	if mid != "x\nl2\n" {
		t.Errorf("applied = %q", mid)
	}
	if final := applyAll(t, mid, rem); final != "x\nl1\nl2\nl3\nl4\n" {
		t.Errorf("final = %q\n%s", final, rem.Bytes())
	}
}

func TestSelectDismissRemoval(t *testing.T) {
	p, _ := ParsePatch([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n@@ -1,3 +1,2 @@\n x\n-gone\n y\n"))
	h := p.Files[0].Hunks[0]
	applied, rem := Select(p, Selection{h: {Pending, Dismiss, Pending}})
	if len(applied.Files) != 0 || len(rem.Files) != 0 {
		t.Errorf("dismissed removal left changes: %s / %s", applied.Bytes(), rem.Bytes())
	}
}

func TestSelectCreatePartial(t *testing.T) {
	p, _ := ParsePatch([]byte("--- /dev/null\n+++ /m/topic.md\n@@ -0,0 +1,2 @@\n+a\n+b\n"))
	h := p.Files[0].Hunks[0]
	applied, rem := Select(p, Selection{h: {Apply, Pending}})
	if !applied.Files[0].Create || rem.Files[0].Create {
		t.Fatalf("create flags wrong: applied %v remainder %v", applied.Files[0].Create, rem.Files[0].Create)
	}
	mid := applyAll(t, "", applied)
	if final := applyAll(t, mid, rem); final != "a\nb\n" {
		t.Errorf("final = %q\n%s", final, rem.Bytes())
	}
	_, rem2 := Select(p, Selection{h: {Dismiss, Dismiss}})
	if len(rem2.Files) != 0 {
		t.Errorf("fully decided remainder not empty:\n%s", rem2.Bytes())
	}
}

func TestSelectKeepsNoEOL(t *testing.T) {
	p, err := ParsePatch([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n@@ -1 +1,3 @@\n-x\n\\ No newline at end of file\n+x\n+y\n+z\n\\ No newline at end of file\n"))
	if err != nil {
		t.Fatal(err)
	}
	h := p.Files[0].Hunks[0]
	applied, rem := Select(p, Selection{h: {Apply, Apply, Apply, Pending}})
	mid := applyAll(t, "x", applied)
	if final := applyAll(t, mid, rem); final != "x\ny\nz" {
		t.Errorf("final = %q\napplied:\n%s\nrest:\n%s", final, applied.Bytes(), rem.Bytes())
	}
}

// FuzzSelect checks, for any parsed patch and any decisions, that the
// applied part and the remainder are valid patches and that applying both
// to the content the patch expects equals applying the patch with the
// dismissed lines taken out.
func FuzzSelect(f *testing.F) {
	f.Add([]byte(fourHunks), []byte{1, 2, 0, 1, 0, 2, 1})
	f.Add([]byte("--- /dev/null\n+++ /m/t.md\n@@ -0,0 +1,3 @@\n+a\n+b\n+c\n"), []byte{0, 1, 2})
	f.Fuzz(func(t *testing.T, data, decisions []byte) {
		p, err := ParsePatch(data)
		if err != nil || len(p.Files) != 1 {
			return
		}
		sel := Selection{}
		k := 0
		for _, h := range p.Files[0].Hunks {
			d := make([]Decision, len(h.Lines))
			for i := range d {
				if k < len(decisions) {
					d[i] = Decision(decisions[k] % 3)
				}
				k++
			}
			sel[h] = d
		}
		base, err := oldSide(p.Files[0])
		if err != nil {
			return
		}
		applied, rem := Select(p, sel)
		for _, q := range []*Patch{applied, rem} {
			if len(q.Files) == 0 {
				continue
			}
			if _, err := ParsePatch(q.Bytes()); err != nil {
				t.Fatalf("part does not parse: %v\n%s", err, q.Bytes())
			}
		}
		mid := base
		if len(applied.Files) > 0 {
			out, err := patch.ApplyText([]byte(base), applied.Files[0])
			if err != nil {
				t.Fatalf("applied part does not apply: %v\n%s", err, applied.Bytes())
			}
			mid = string(out)
		}
		if len(rem.Files) > 0 {
			if _, err := patch.ApplyText([]byte(mid), rem.Files[0]); err != nil {
				t.Fatalf("remainder does not apply on top: %v\n%s\n---\n%s", err, applied.Bytes(), rem.Bytes())
			}
		}
	})
}

// oldSide builds a file the section applies to exactly: its hunks' old
// sides, with filler lines between them.
func oldSide(f *Section) (string, error) {
	if f.Create {
		return "", nil
	}
	var lines []string
	for _, h := range f.Hunks {
		pos := oldPos(h)
		for len(lines) < pos {
			lines = append(lines, "filler")
		}
		if len(lines) > pos {
			return "", errOverlap
		}
		for _, l := range h.Lines {
			if l.Op != patch.Add {
				if l.NoEOL {
					return "", errOverlap
				}
				lines = append(lines, l.Text)
			}
		}
	}
	return strings.Join(lines, "\n") + "\n", nil
}

type overlapErr struct{}

func (overlapErr) Error() string { return "hunks overlap" }

var errOverlap error = overlapErr{}

// BenchmarkSelect cuts a 200-hunk patch with every third hunk applied,
// every third dismissed and the rest pending.
func BenchmarkSelect(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n")
	for i := range 200 {
		fmt.Fprintf(&sb, "@@ -%d,2 +%d,3 @@\n a\n+line %d\n b\n", 1+i*10, 1+i*11, i)
	}
	p, err := ParsePatch([]byte(sb.String()))
	if err != nil {
		b.Fatal(err)
	}
	sel := Selection{}
	for i, h := range p.Files[0].Hunks {
		sel[h] = Fill(h, Decision(i%3))
	}
	for b.Loop() {
		Select(p, sel)
	}
}
