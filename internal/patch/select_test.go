package patch

import (
	"errors"
	"strings"
	"testing"
)

// applyPatch applies every section in memory on top of files (path → text).
func applyPatch(files map[string]string, p *Patch) (map[string]string, error) {
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	if p == nil {
		return out, nil
	}
	for _, f := range p.Files {
		cur, ok := out[f.Path]
		if f.Create && ok {
			return nil, errors.New("create over existing")
		}
		b, err := ApplyText([]byte(cur), f)
		if err != nil {
			return nil, err
		}
		out[f.Path] = string(b)
	}
	return out, nil
}

// reparse checks that a produced patch serialises to text Parse accepts
// unchanged, i.e. that its counts are exact.
func reparse(t testing.TB, p *Patch) *Patch {
	t.Helper()
	if p == nil || len(p.Files) == 0 {
		return p
	}
	q, err := Parse(p.Bytes())
	if err != nil {
		t.Fatalf("produced patch does not parse: %v\n%s", err, p.Bytes())
	}
	if string(q.Bytes()) != string(p.Bytes()) {
		t.Fatalf("re-serialised patch differs:\n%s\nvs\n%s", q.Bytes(), p.Bytes())
	}
	return q
}

// pick decides lines of hunk h of section f; nil lines means every change
// line of the hunk.
type pick struct {
	f, h  int
	lines []int
	d     Decision
}

func decide(p *Patch, picks ...pick) Selection {
	sel := Selection{}
	for _, pk := range picks {
		h := p.Files[pk.f].Hunks[pk.h]
		if sel[h] == nil {
			sel[h] = Fill(h, Pending)
		}
		if pk.lines == nil {
			for i, l := range h.Lines {
				if l.Op != Context {
					sel[h][i] = pk.d
				}
			}
		}
		for _, i := range pk.lines {
			sel[h][i] = pk.d
		}
	}
	return sel
}

// intended is what p should leave once applied and remainder are both
// applied: p with its dismissed + lines taken out and its dismissed - lines
// kept, built line by line without Select.
func intended(p *Patch, sel Selection) *Patch {
	out := &Patch{}
	for _, f := range p.Files {
		nf := &File{Path: f.Path, Create: f.Create}
		for _, h := range f.Hunks {
			nh := &Hunk{OldStart: h.OldStart, OldLines: h.OldLines, Section: h.Section}
			for i, l := range h.Lines {
				switch {
				case l.Op == Add && sel.of(h, i) == Dismiss:
				case l.Op == Delete && sel.of(h, i) == Dismiss:
					nh.Lines = append(nh.Lines, Line{Op: Context, Text: l.Text, NoEOL: l.NoEOL})
				default:
					nh.Lines = append(nh.Lines, l)
				}
			}
			nf.Hunks = append(nf.Hunks, nh)
		}
		nf.Recount()
		out.Files = append(out.Files, nf)
	}
	return out
}

// checkSelect asserts that both parts of a cut are exact patches and that
// applying the applied part and then the remainder gives what the patch
// gives without its dismissed lines. A refusal is fine (it changes
// nothing); it returns whether the cut was made.
func checkSelect(t testing.TB, files map[string]string, p *Patch, sel Selection) bool {
	t.Helper()
	want, err := applyPatch(files, intended(p, sel))
	if err != nil {
		return false // the dismissals themselves leave no valid patch
	}
	applied, rest, err := Select(p, sel)
	if errors.Is(err, ErrSelection) {
		return false
	}
	if err != nil {
		t.Fatalf("Select: %v", err)
	}
	applied, rest = reparse(t, applied), reparse(t, rest)
	mid, err := applyPatch(files, applied)
	if err != nil {
		t.Fatalf("applied part does not apply: %v\n%s", err, applied.Bytes())
	}
	end, err := applyPatch(mid, rest)
	if err != nil {
		t.Fatalf("remainder does not apply on the applied part: %v\n%s\n---\n%s", err, applied.Bytes(), rest.Bytes())
	}
	for k, v := range want {
		if end[k] != v {
			t.Fatalf("%s: applied+rest = %q, intended %q\napplied:\n%s\nrest:\n%s", k, end[k], v, applied.Bytes(), rest.Bytes())
		}
	}
	return true
}

func TestSelectHunksAndLines(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"
	p, err := Parse([]byte(upd("/m/x.md", "@@ -1,4 +1,5 @@\n a\n-b\n+B\n+B2\n c\n d\n@@ -9,4 +10,3 @@\n i\n-j\n-k\n+K\n l\n")))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"/m/x.md": old}
	tests := []struct {
		name      string
		sel       Selection
		mid       string // the file after the applied part alone
		rest, all bool   // a remainder is left; every line was applied
	}{
		{"nothing", nil, old, true, false},
		{"first hunk", decide(p, pick{0, 0, nil, Apply}), "a\nB\nB2\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n", true, false},
		{"second hunk", decide(p, pick{0, 1, nil, Apply}), "a\nb\nc\nd\ne\nf\ng\nh\ni\nK\nl\n", true, false},
		{"one added line", decide(p, pick{0, 0, []int{3}, Apply}), "a\nb\nB2\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n", true, false},
		{"one removed line", decide(p, pick{0, 1, []int{2}, Apply}), "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nl\n", true, false},
		{"mixed", decide(p, pick{0, 0, []int{1}, Apply}, pick{0, 1, []int{3}, Apply}), "a\nc\nd\ne\nf\ng\nh\ni\nj\nk\nK\nl\n", true, false},
		{"all", decide(p, pick{0, 0, nil, Apply}, pick{0, 1, nil, Apply}), "a\nB\nB2\nc\nd\ne\nf\ng\nh\ni\nK\nl\n", false, true},
		{"dismiss all", decide(p, pick{0, 0, nil, Dismiss}, pick{0, 1, nil, Dismiss}), old, false, false},
		{"apply one, dismiss other", decide(p, pick{0, 0, nil, Apply}, pick{0, 1, nil, Dismiss}), "a\nB\nB2\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n", false, true},
		{"dismissed removal stays", decide(p, pick{0, 1, []int{1}, Dismiss}, pick{0, 1, []int{2, 3}, Apply}), "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n", true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			applied, rest, err := Select(p, tc.sel)
			if err != nil {
				t.Fatal(err)
			}
			mid, err := applyPatch(files, applied)
			if err != nil {
				t.Fatal(err)
			}
			if mid["/m/x.md"] != tc.mid {
				t.Fatalf("applied part gives %q want %q", mid["/m/x.md"], tc.mid)
			}
			if (len(rest.Files) > 0) != tc.rest || (len(applied.Files) > 0) != (tc.mid != old) {
				t.Fatalf("parts: applied %d sections, rest %d", len(applied.Files), len(rest.Files))
			}
			checkSelect(t, files, p, tc.sel)
		})
	}
}

// TestSelectDifferences pins the behaviours in which the inbox's and the
// patch package's former cutters differed; the engine keeps the better one
// of each.
func TestSelectDifferences(t *testing.T) {
	t.Run("remainder context trimmed to three lines", func(t *testing.T) {
		// inbox trimmed, patch did not: a remainder after a long hunk was
		// mostly context.
		p, _ := Parse([]byte(upd("/m/x.md", "@@ -1,2 +1,9 @@\n a\n+1\n+2\n+3\n+4\n+5\n+6\n+7\n b\n")))
		h := p.Files[0].Hunks[0]
		_, rest, err := Select(p, decide(p, pick{0, 0, []int{1, 2, 3, 4, 5, 6}, Apply}))
		if err != nil {
			t.Fatal(err)
		}
		want := "--- /m/x.md\n+++ /m/x.md\n@@ -5,4 +5,5 @@\n 4\n 5\n 6\n+7\n b\n"
		if got := string(rest.Bytes()); got != want {
			t.Fatalf("remainder:\n%s\nwant:\n%s", got, want)
		}
		checkSelect(t, map[string]string{"/m/x.md": "a\nb\n"}, p, Selection{h: {Pending, Apply, Apply, Apply, Apply, Apply, Apply, Pending, Pending}})
	})
	t.Run("dismiss in the same cut", func(t *testing.T) {
		// inbox cut three ways at once; patch needed Drop and Select.
		p, _ := Parse([]byte(upd("/m/x.md", "@@ -1,3 +1,3 @@\n x\n-gone\n+new\n y\n")))
		applied, rest, err := Select(p, decide(p, pick{0, 0, nil, Dismiss}))
		if err != nil || len(applied.Files) != 0 || len(rest.Files) != 0 {
			t.Fatalf("dismissing everything left %v %q %q", err, applied.Bytes(), rest.Bytes())
		}
	})
	t.Run("no newline at end of file kept", func(t *testing.T) {
		p, err := Parse([]byte(upd("/m/x.md", "@@ -1 +1,3 @@\n-x\n\\ No newline at end of file\n+x\n+y\n+z\n\\ No newline at end of file\n")))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{"/m/x.md": "x"}
		for _, lines := range [][]int{{0, 1, 2}, {0, 1}, {0}, {0, 1, 2, 3}} {
			if !checkSelect(t, files, p, decide(p, pick{0, 0, lines, Apply})) {
				t.Fatalf("lines %v refused", lines)
			}
		}
	})
	t.Run("splitting the last line refused", func(t *testing.T) {
		// inbox wrote "x" then "z" on one line (the applied part had a
		// line after the no-newline mark); patch refuses.
		p, _ := Parse([]byte(upd("/m/x.md", "@@ -1 +1,3 @@\n-x\n\\ No newline at end of file\n+x\n+y\n+z\n\\ No newline at end of file\n")))
		_, _, err := Select(p, decide(p, pick{0, 0, []int{3}, Apply}))
		if !errors.Is(err, ErrSplitsLastLine) || !errors.Is(err, ErrSelection) {
			t.Fatalf("got %v", err)
		}
		_, _, err = Select(p, decide(p, pick{0, 0, []int{0}, Dismiss}))
		if !errors.Is(err, ErrSplitsLastLine) {
			t.Fatalf("dismissing the old last line: got %v", err)
		}
	})
	t.Run("creation", func(t *testing.T) {
		p, _ := Parse([]byte(create("/m/n.md", "@@ -0,0 +1,3 @@\n+a\n+b\n+c\n")))
		applied, rest, err := Select(p, decide(p, pick{0, 0, []int{1}, Apply}))
		if err != nil {
			t.Fatal(err)
		}
		if !applied.Files[0].Create || rest.Files[0].Create {
			t.Fatalf("create flags: applied %v rest %v", applied.Files[0].Create, rest.Files[0].Create)
		}
		checkSelect(t, map[string]string{}, p, decide(p, pick{0, 0, []int{1}, Apply}, pick{0, 0, []int{2}, Dismiss}))
		if _, rest, _ = Select(p, nil); !rest.Files[0].Create {
			t.Fatal("an undecided creation must stay a creation")
		}
	})
}

// TestSelectRepeatedSections: patch refused any partial choice over a file
// with several sections, inbox cut each section as if it stood alone (and
// produced parts that apply only by luck). Now a cut is allowed exactly
// when it is exact.
func TestSelectRepeatedSections(t *testing.T) {
	p, _ := Parse([]byte(upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\n") + upd("/m/x.md", "@@ -1 +1 @@\n-b\n+c\n")))
	files := map[string]string{"/m/x.md": "a\n"}
	tests := []struct {
		name string
		sel  Selection
		ok   bool
	}{
		{"first wholly, second pending", decide(p, pick{0, 0, nil, Apply}), true},
		{"both", decide(p, pick{0, 0, nil, Apply}, pick{1, 0, nil, Apply}), true},
		{"first wholly, second dismissed", decide(p, pick{0, 0, nil, Apply}, pick{1, 0, nil, Dismiss}), true},
		{"everything dismissed", decide(p, pick{0, 0, nil, Dismiss}, pick{1, 0, nil, Dismiss}), true},
		{"first in part", decide(p, pick{0, 0, []int{1}, Apply}), true},
		{"second only", decide(p, pick{1, 0, nil, Apply}), false},
		{"first dismissed, second pending", decide(p, pick{0, 0, nil, Dismiss}), false},
		{"first in part, second applied", decide(p, pick{0, 0, []int{0}, Apply}, pick{1, 0, nil, Apply}), false},
	}
	for _, tc := range tests {
		_, _, err := Select(p, tc.sel)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, ErrRepeatedSection)) {
			t.Errorf("%s: got %v", tc.name, err)
		}
		if tc.ok && tc.name != "first dismissed, second pending" {
			checkSelect(t, files, p, tc.sel)
		}
	}
}

func TestPointers(t *testing.T) {
	text := upd("/m/MEMORY.md", "@@ -1 +1,3 @@\n # Project Memory\n+- See /m/topic.md for topic notes.\n+- unrelated\n") +
		create("/m/topic.md", "@@ -0,0 +1,2 @@\n+t1\n+t2\n")
	p, _ := Parse([]byte(text))
	mem, topic := p.Files[0].Hunks[0], p.Files[1].Hunks[0]
	tests := []struct {
		name string
		sel  Selection
		want string // decisions of MEMORY.md's two + lines
	}{
		{"a line of the file applied pulls the pointer", Selection{topic: {Apply, Pending}}, "AP"},
		{"the whole file dismissed drops the pointer", Selection{topic: {Dismiss, Dismiss}}, "DP"},
		{"part dismissed, part pending: pointer waits", Selection{topic: {Dismiss, Pending}}, "PP"},
		{"a decided pointer is kept", Selection{topic: {Apply, Apply}, mem: {Pending, Dismiss, Pending}}, "DP"},
		{"nothing decided", Selection{}, "PP"},
	}
	for _, tc := range tests {
		before := tc.sel.of(mem, 1)
		got := Pointers(p, tc.sel)
		if tc.sel.of(mem, 1) != before {
			t.Errorf("%s: Pointers changed its input", tc.name)
		}
		var b strings.Builder
		for _, i := range []int{1, 2} {
			b.WriteByte("PAD"[got.of(mem, i)])
		}
		if b.String() != tc.want {
			t.Errorf("%s: MEMORY.md lines %s, want %s", tc.name, b.String(), tc.want)
		}
	}
}
