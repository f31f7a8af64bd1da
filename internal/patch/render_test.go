package patch

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		name     string
		old, new []byte
		hunks    int
	}{
		{"create", nil, []byte("a\nb\n"), 1},
		{"same", []byte("a\n"), []byte("a\n"), 0},
		{"one change", []byte("a\nb\nc\n"), []byte("a\nB\nc\n"), 1},
		{"two far changes", []byte(strings.Repeat("x\n", 3) + "a\n" + strings.Repeat("y\n", 10) + "b\n"), []byte(strings.Repeat("x\n", 3) + "A\n" + strings.Repeat("y\n", 10) + "B\n"), 2},
		{"add final newline", []byte("a"), []byte("a\n"), 1},
		{"empty existing file", []byte{}, []byte("a\n"), 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Diff("/m/x.md", tc.old, tc.new)
			if tc.hunks == 0 {
				if f != nil {
					t.Fatal("diff for no change")
				}
				return
			}
			if f == nil || len(f.Hunks) != tc.hunks || f.Create != (tc.old == nil) {
				t.Fatalf("got %+v", f)
			}
			p := reparse(t, &Patch{Files: []*File{f}})
			got, err := ApplyText(tc.old, p.Files[0])
			if err != nil || !bytes.Equal(got, tc.new) {
				t.Fatalf("apply gives %q %v", got, err)
			}
		})
	}
}

// TestDiffLargeFiles covers go-difflib's autojunk heuristic (it starts at
// 200 lines, past what the fuzz inputs reach): the diff must still rebuild
// the new text exactly, and select + remainder must still add up.
func TestDiffLargeFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "- a", "- b", "# h", "- c", "text"}
	gen := func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(words[rng.IntN(len(words))] + "\n")
		}
		return []byte(b.String())
	}
	for i := 0; i < 20; i++ {
		old := gen(300 + rng.IntN(300))
		lines := strings.SplitAfter(string(old), "\n")
		for k := 0; k < 10; k++ {
			j := rng.IntN(len(lines))
			lines[j] = words[rng.IntN(len(words))] + " changed\n"
		}
		next := []byte(strings.Join(lines, ""))
		f := Diff("/m/x.md", old, next)
		if f == nil {
			continue
		}
		p := reparse(t, &Patch{Files: []*File{f}})
		got, err := ApplyText(old, p.Files[0])
		if err != nil || !bytes.Equal(got, next) {
			t.Fatalf("round %d: diff does not rebuild the text (%v)", i, err)
		}
		sel := Selection{}
		for _, h := range p.Files[0].Hunks {
			sel[h] = Fill(h, Decision(rng.IntN(3)))
		}
		checkSelect(t, map[string]string{"/m/x.md": string(old)}, p, sel)
	}
}
