package patch

import (
	"errors"
	"os"
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
	if p == nil {
		return nil
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

// checkSelect asserts select + remainder ≡ whole on files.
func checkSelect(t testing.TB, files map[string]string, p *Patch, choices []Choice) {
	t.Helper()
	whole, err := applyPatch(files, p)
	if err != nil {
		t.Fatalf("whole patch does not apply: %v", err)
	}
	sel, rem, err := Select(p, choices)
	if errors.Is(err, ErrSplitsLastLine) || errors.Is(err, ErrRepeatedSection) {
		return
	}
	if err != nil {
		t.Fatalf("Select: %v", err)
	}
	sel, rem = reparse(t, sel), reparse(t, rem)
	mid, err := applyPatch(files, sel)
	if err != nil {
		t.Fatalf("selection does not apply: %v\n%s", err, sel.Bytes())
	}
	end, err := applyPatch(mid, rem)
	if err != nil {
		t.Fatalf("remainder does not apply on the selection: %v\n%s", err, rem.Bytes())
	}
	for k, v := range whole {
		if end[k] != v {
			t.Fatalf("%s: select+rest = %q, whole = %q\nsel:\n%s\nrem:\n%s", k, end[k], v, sel.Bytes(), rem.Bytes())
		}
	}
}

func TestSelectHunksAndLines(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"
	p, err := Parse([]byte(upd("/m/x.md", "@@ -1,4 +1,5 @@\n a\n-b\n+B\n+B2\n c\n d\n@@ -9,4 +10,3 @@\n i\n-j\n-k\n+K\n l\n")))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"/m/x.md": old}
	tests := []struct {
		name    string
		choices []Choice
		sel     string // expected file after the selection alone
	}{
		{"nothing", nil, old},
		{"first hunk", []Choice{{Hunk: HunkRef{0, 0}}}, "a\nB\nB2\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"},
		{"second hunk", []Choice{{Hunk: HunkRef{0, 1}}}, "a\nb\nc\nd\ne\nf\ng\nh\ni\nK\nl\n"},
		{"one added line", []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{3}}}, "a\nb\nB2\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"},
		{"one removed line", []Choice{{Hunk: HunkRef{0, 1}, Lines: []int{2}}}, "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nl\n"},
		{"mixed", []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{1}}, {Hunk: HunkRef{0, 1}, Lines: []int{3}}}, "a\nc\nd\ne\nf\ng\nh\ni\nj\nk\nK\nl\n"},
		{"all", []Choice{{Hunk: HunkRef{0, 0}}, {Hunk: HunkRef{0, 1}}}, "a\nB\nB2\nc\nd\ne\nf\ng\nh\ni\nK\nl\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sel, rem, err := Select(p, tc.choices)
			if err != nil {
				t.Fatal(err)
			}
			mid, err := applyPatch(files, sel)
			if err != nil {
				t.Fatal(err)
			}
			if mid["/m/x.md"] != tc.sel {
				t.Fatalf("selection gives %q want %q", mid["/m/x.md"], tc.sel)
			}
			if (rem == nil) != (tc.name == "all") || (sel == nil) != (tc.name == "nothing") {
				t.Fatalf("nil results: sel %v rem %v", sel == nil, rem == nil)
			}
			checkSelect(t, files, p, tc.choices)
		})
	}
	if _, _, err := Select(p, []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{0}}}); err == nil {
		t.Fatal("choosing a context line accepted")
	}
	if _, _, err := Select(p, []Choice{{Hunk: HunkRef{0, 5}}}); err == nil {
		t.Fatal("choosing a missing hunk accepted")
	}
}

func TestSelectFromCreation(t *testing.T) {
	p, err := Parse([]byte(create("/m/n.md", "@@ -0,0 +1,3 @@\n+a\n+b\n+c\n")))
	if err != nil {
		t.Fatal(err)
	}
	sel, rem, err := Select(p, []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{1}}})
	if err != nil {
		t.Fatal(err)
	}
	if !sel.Files[0].Create || rem.Files[0].Create {
		t.Fatalf("create flags: sel %v rem %v", sel.Files[0].Create, rem.Files[0].Create)
	}
	checkSelect(t, map[string]string{}, p, []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{1}}})
	_, rem, _ = Select(p, nil)
	if !rem.Files[0].Create {
		t.Fatal("unchosen creation must stay a creation")
	}
}

func TestSelectRepeatedSections(t *testing.T) {
	p, _ := Parse([]byte(upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\n") + upd("/m/x.md", "@@ -1 +1 @@\n-b\n+c\n")))
	if _, _, err := Select(p, []Choice{{Hunk: HunkRef{0, 0}}}); !errors.Is(err, ErrRepeatedSection) {
		t.Fatalf("got %v", err)
	}
	checkSelect(t, map[string]string{"/m/x.md": "a\n"}, p, []Choice{{Hunk: HunkRef{0, 0}}, {Hunk: HunkRef{1, 0}}})
}

func TestSplit(t *testing.T) {
	h := "@@ -1,9 +1,9 @@\n a\n-b\n+B\n c\n d\n e\n-f\n+F\n g\n-h\n+H\n i\n"
	p, err := Parse([]byte(upd("/m/x.md", h)))
	if err != nil {
		t.Fatal(err)
	}
	pieces := Split(p.Files[0].Hunks[0])
	if len(pieces) != 3 {
		t.Fatalf("%d pieces", len(pieces))
	}
	q := p.Clone()
	if n := SplitHunk(q, HunkRef{0, 0}); n != 3 {
		t.Fatal(n)
	}
	q = reparse(t, q)
	files := map[string]string{"/m/x.md": "a\nb\nc\nd\ne\nf\ng\nh\ni\n"}
	a, err := applyPatch(files, p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := applyPatch(files, q)
	if err != nil || a["/m/x.md"] != b["/m/x.md"] {
		t.Fatalf("split patch gives %q, whole %q (%v)", b["/m/x.md"], a["/m/x.md"], err)
	}
	// choosing only the middle piece, then the rest, still adds up
	checkSelect(t, files, q, []Choice{{Hunk: HunkRef{0, 1}}})
	if got := len(Split(pieces[0])); got != 1 {
		t.Fatalf("single group split into %d", got)
	}
}

func TestParseEditedHunk(t *testing.T) {
	p, _ := Parse([]byte(upd("/m/x.md", "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n")))
	orig := p.Files[0].Hunks[0]
	edited := "# edit the hunk\n@@ -2,3 +2,3 @@\n b\n-c\n+C1\n+C2\n d\n"
	h, err := ParseEditedHunk(orig, edited)
	if err != nil {
		t.Fatal(err)
	}
	if h.OldStart != 2 || h.OldLines != 3 || h.NewLines != 4 || h.NewStart != 2 {
		t.Fatalf("counts: %+v", h)
	}
	p.Files[0].Hunks[0] = h
	out, err := applyPatch(map[string]string{"/m/x.md": "a\nb\nc\nd\n"}, reparse(t, p))
	if err != nil || out["/m/x.md"] != "a\nb\nC1\nC2\nd\n" {
		t.Fatalf("got %q %v", out["/m/x.md"], err)
	}
	if _, err := ParseEditedHunk(orig, "garbage\n"); ReasonOf(err) != Malformed {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(FormatHunk(h), "@@ -2,3 +2,4 @@") {
		t.Fatal(FormatHunk(h))
	}
}

func TestAggregateNumbering(t *testing.T) {
	a, _ := Parse([]byte(upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\n@@ -5 +5 @@\n-e\n+E\n") + upd("/m/y.md", "@@ -1 +1 @@\n-y\n+Y\n")))
	b, _ := Parse([]byte(create("/m/z.md", "@@ -0,0 +1 @@\n+z\n")))
	srcs := []Source{{Name: "a.patch", Patch: a}, {Name: "b.patch", Patch: b}}
	all := Number(srcs)
	if len(all) != 4 || all[2].Path != "/m/y.md" || all[3].Source != 1 || all[3].N != 4 {
		t.Fatalf("numbering: %+v", all)
	}
	nums, err := ParseRanges("1,3-4", len(all))
	if err != nil || len(nums) != 3 {
		t.Fatalf("%v %v", nums, err)
	}
	per, err := ChoicesFor(srcs, nums)
	if err != nil {
		t.Fatal(err)
	}
	if len(per[0]) != 2 || per[0][1].Hunk != (HunkRef{1, 0}) || len(per[1]) != 1 {
		t.Fatalf("choices: %+v", per)
	}
	for _, bad := range []string{"0", "5", "3-2", "x", "1,,2"} {
		if _, err := ParseRanges(bad, 4); err == nil {
			t.Errorf("ParseRanges(%q) accepted", bad)
		}
	}
}

func TestApplySelectionLeavesRemainderPending(t *testing.T) {
	w := newWorld(t)
	mem := w.mem + "/MEMORY.md"
	pp := w.patchFile(upd(mem, "@@ -3,3 +3,5 @@\n - one\n+- one b\n - two\n+- two b\n - three\n"))
	// choose only "- two b" (line index 3)
	if _, err := ApplySelection(pp, w.roots, Private, []Choice{{Hunk: HunkRef{0, 0}, Lines: []int{3}}}, CommitOptions{Journal: w.base + "/j"}); err != nil {
		t.Fatal(err)
	}
	if got := w.read(mem); got != "# Project Memory\n\n- one\n- two\n- two b\n- three\n" {
		t.Fatalf("after selection: %q", got)
	}
	rest, err := ReadFile(pp)
	if err != nil {
		t.Fatalf("remainder not a valid patch: %v", err)
	}
	if a, r := rest.Files[0].Hunks[0].Changes(); a != 1 || r != 0 {
		t.Fatalf("remainder changes +%d -%d", a, r)
	}
	if _, err := Apply(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := w.read(mem); got != "# Project Memory\n\n- one\n- one b\n- two\n- two b\n- three\n" {
		t.Fatalf("after remainder: %q", got)
	}
	if _, err := os.Stat(pp); !os.IsNotExist(err) {
		t.Fatal("fully decided patch left behind")
	}
	if _, err := os.Stat(w.base + "/j"); !os.IsNotExist(err) {
		t.Fatal("journal left behind")
	}
	w.noTemps()
	// WritePatch(nil) removes a patch; an empty choice is refused
	pp = w.patchFile(upd(mem, "@@ -1 +1 @@\n-# Project Memory\n+# P\n"))
	if _, err := ApplySelection(pp, w.roots, Private, nil, CommitOptions{}); err == nil {
		t.Fatal("empty selection applied")
	}
	if err := WritePatch(pp, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(pp); !os.IsNotExist(err) {
		t.Fatal("WritePatch(nil) kept the file")
	}
}
