package patch

import (
	"reflect"
	"testing"
)

// hunkOf parses one hunk of /m/x.md.
func hunkOf(t testing.TB, body string) *Hunk {
	t.Helper()
	p, err := Parse([]byte(upd("/m/x.md", body)))
	if err != nil {
		t.Fatal(err)
	}
	return p.Files[0].Hunks[0]
}

func TestSplitWindows(t *testing.T) {
	tests := []struct {
		name, hunk string
		parts      []Part
		headers    []string // HunkHeader of each part's window of 3
	}{
		{"two groups", "@@ -1,6 +1,7 @@\n a\n-b\n+B\n c\n d\n e\n+f2\n g\n",
			[]Part{{1, 3}, {6, 7}}, []string{"@@ -1,5 +1,5 @@", "@@ -3,4 +3,5 @@"}},
		// the review_split testscript's hunk and headers
		{"overlapping windows", "@@ -1,4 +1,6 @@\n # Project Memory\n+- first addition\n a\n b\n c\n+- second addition\n",
			[]Part{{1, 2}, {5, 6}}, []string{"@@ -1,4 +1,5 @@", "@@ -2,3 +3,4 @@"}},
		{"one group", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n", []Part{{1, 3}}, []string{"@@ -1,3 +1,3 @@"}},
		{"creation", "@@ -0,0 +1,3 @@\n+a\n+b\n+c\n", []Part{{0, 3}}, []string{"@@ -0,0 +1,3 @@"}},
		{"groups without context between", "@@ -1,2 +1,2 @@\n-a\n+A\n-b\n+B\n", []Part{{0, 4}}, []string{"@@ -1,2 +1,2 @@"}},
		{"deletion at the end", "@@ -1,8 +1,6 @@\n-a\n b\n c\n d\n e\n f\n g\n-h\n",
			[]Part{{0, 1}, {7, 8}}, []string{"@@ -1,4 +1,3 @@", "@@ -5,4 +4,3 @@"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := hunkOf(t, tc.hunk)
			span, ok := h.Span()
			if !ok {
				t.Fatal("no span")
			}
			if got := HunkHeader(h.Sub(Part{0, len(h.Lines)})); got != HunkHeader(h) {
				t.Errorf("whole window header %s, hunk %s", got, HunkHeader(h))
			}
			parts := h.Split(span)
			if !reflect.DeepEqual(parts, tc.parts) {
				t.Fatalf("parts %v, want %v", parts, tc.parts)
			}
			for i, p := range parts {
				if got := HunkHeader(h.Sub(h.Window(p, 3))); got != tc.headers[i] {
					t.Errorf("part %d header %s, want %s", i+1, got, tc.headers[i])
				}
			}
		})
	}
	if got := hunkOf(t, "@@ -1,8 +1,6 @@\n-a\n b\n c\n d\n e\n f\n g\n-h\n").Window(Part{7, 8}, 2); got != (Part{5, 8}) {
		t.Errorf("window of 2 = %v", got)
	}
	if _, ok := (&Hunk{Lines: []Line{{Op: Context, Text: "a"}}}).Span(); ok {
		t.Error("a hunk of context has a span")
	}
}

func TestReplaceKeepsPosition(t *testing.T) {
	h := hunkOf(t, "@@ -3,2 +2,0 @@\n-a\n-b\n")
	h.Replace(Part{1, 2}, []Line{{Op: Context, Text: "b"}, {Op: Add, Text: "c"}})
	if got := HunkHeader(h); got != "@@ -3,2 +3,2 @@" {
		t.Errorf("after replace %s", got)
	}
}

// TestParseEditedHunk covers the e key. The review's former parser refused
// the no-newline marker and dropped a + line's mark; patch's did not check
// that the old side was kept. The engine keeps both: markers read, old side
// checked with its marks.
func TestParseEditedHunk(t *testing.T) {
	plain := "@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n"
	noeol := "@@ -1,2 +1,2 @@\n a\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n"
	tests := []struct {
		name, orig, edit string
		want             string // FormatHunk of the result
		err              string
	}{
		{"unchanged", plain, "", plain, ""},
		{"lines added", plain, "# a comment\n@@ -9,9 +9,9 @@\n b\n-c\n+C1\n+C2\n d\n", "@@ -2,3 +2,4 @@\n b\n-c\n+C1\n+C2\n d\n", ""},
		{"removal kept as context", plain, " b\n c\n+C\n d\n", "@@ -2,3 +2,4 @@\n b\n c\n+C\n d\n", ""},
		{"empty line is empty context", "@@ -1,2 +1,3 @@\n \n+x\n a\n", "\n+y\n a\n", "@@ -1,2 +1,3 @@\n \n+y\n a\n", ""},
		{"context changed", plain, " B\n-c\n+C\n d\n", "", `context line "b" changed to "B"`},
		{"removed line deleted", plain, " b\n+C\n d\n", "", "context and removed lines changed: 2 lines, want 3"},
		{"not a diff line", plain, " b\nhello\n", "", `line "hello" does not start with ' ', '+' or '-'`},
		{"no-newline markers kept", noeol, "", noeol, ""},
		{"no-newline addition reworded", noeol, " a\n-x\n\\ No newline at end of file\n+y2\n\\ No newline at end of file\n", "@@ -1,2 +1,2 @@\n a\n-x\n\\ No newline at end of file\n+y2\n\\ No newline at end of file\n", ""},
		{"new side given a final newline", noeol, " a\n-x\n\\ No newline at end of file\n+y\n", "@@ -1,2 +1,2 @@\n a\n-x\n\\ No newline at end of file\n+y\n", ""},
		{"old side marker removed", noeol, " a\n-x\n+y\n\\ No newline at end of file\n", "", `the no-newline marker of line "x" changed`},
		{"line after the last line", noeol, " a\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n+z\n", "", "a line follows the last line of the file, which has no newline"},
		{"marker first", noeol, "\\ No newline at end of file\n a\n", "", "a no-newline marker must follow a line of its own"},
		{"NUL byte added", plain, " b\n-c\n+C\x00\n d\n", "", "the edit contains a NUL byte: binary content cannot go into a memory file"},
		{"marker twice", noeol, " a\n-x\n\\ No newline at end of file\n\\ No newline at end of file\n", "", "a no-newline marker must follow a line of its own"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			orig := hunkOf(t, tc.orig)
			edit := tc.edit
			if edit == "" {
				edit = "# edit mode\n" + FormatHunk(orig) + "# ---\n# help\n"
			}
			h, err := ParseEditedHunk(orig, edit)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("got %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := FormatHunk(h); got != tc.want {
				t.Fatalf("got\n%s\nwant\n%s", got, tc.want)
			}
			if _, err := Parse([]byte(upd("/m/x.md", FormatHunk(h)))); err != nil {
				t.Fatalf("edited hunk does not parse: %v", err)
			}
		})
	}
}

// FuzzSplit checks split, window and sub-hunk on any diff: the parts are
// ordered groups of changes separated by context that cover every change
// of the span, a window only adds up to n context lines, and every window
// is an exact hunk that applies to the text the whole hunk applies to.
func FuzzSplit(f *testing.F) {
	f.Add([]byte("a\nb\nc\nd\ne\nf\ng\nh\n"), []byte("a\nB\nc\nd\ne\nf\nG\nh"), uint8(3))
	f.Add([]byte("x"), []byte("x\ny"), uint8(1))
	f.Fuzz(func(t *testing.T, oldB, newB []byte, n uint8) {
		if len(oldB) > 400 || len(newB) > 400 {
			return
		}
		old := fuzzText(oldB)
		sec := Diff("/m/x.md", []byte(old), []byte(fuzzText(newB)))
		if sec == nil {
			return
		}
		for _, h := range sec.Hunks {
			span, ok := h.Span()
			if !ok {
				t.Fatal("a diff hunk without changes")
			}
			parts := h.Split(span)
			changes := 0
			for i, p := range parts {
				if p.From < span.From || p.To > span.To || p.From >= p.To || (i > 0 && parts[i-1].To >= p.From) {
					t.Fatalf("bad parts %v of span %v", parts, span)
				}
				for j := p.From; j < p.To; j++ {
					if h.Lines[j].Op == Context {
						t.Fatalf("part %v holds context", p)
					}
					changes++
				}
				if i > 0 && h.Lines[p.From-1].Op != Context {
					t.Fatalf("parts %v not separated by context", parts)
				}
				w := h.Window(p, int(n%5))
				if w.From > p.From || w.To < p.To || p.From-w.From > int(n%5) || w.To-p.To > int(n%5) {
					t.Fatalf("window %v of %v with n=%d", w, p, n%5)
				}
				sub := h.Sub(w)
				if _, err := Parse([]byte(upd("/m/x.md", FormatHunk(sub)))); err != nil {
					t.Fatalf("window %v is not an exact hunk: %v\n%s", w, err, FormatHunk(sub))
				}
				if _, err := ApplyText([]byte(old), &File{Path: "/m/x.md", Hunks: []*Hunk{sub}}); err != nil {
					t.Fatalf("window %v does not apply: %v\n%s", w, err, FormatHunk(sub))
				}
			}
			a, r := h.Changes()
			if changes != a+r {
				t.Fatalf("parts %v cover %d of %d changes", parts, changes, a+r)
			}
		}
	})
}

// FuzzParseEditedHunk checks that whatever edit is accepted keeps the old
// side of the original (text and no-newline marks), is an exact hunk at the
// original's place, and that handing back the text unchanged gives the
// original.
func FuzzParseEditedHunk(f *testing.F) {
	f.Add("@@ -1,2 +1,2 @@\n a\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n", " a\n-x\n\\ No newline at end of file\n+y\n+z\n")
	f.Add("@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n", "# c\n b\n c\n+C1\n\n d\n")
	f.Fuzz(func(t *testing.T, origText, edit string) {
		p, err := Parse([]byte(upd("/m/x.md", origText)))
		if err != nil || len(p.Files[0].Hunks) != 1 {
			return
		}
		orig := p.Files[0].Hunks[0]
		same, err := ParseEditedHunk(orig, FormatHunk(orig))
		if err != nil || !reflect.DeepEqual(same.Lines, orig.Lines) || HunkHeader(same) != HunkHeader(orig) {
			t.Fatalf("unchanged edit gives %v, %v", same, err)
		}
		h, err := ParseEditedHunk(orig, edit)
		if err != nil {
			return
		}
		var a, b []Line // old sides: text and mark (a - may become context)
		for _, l := range orig.Lines {
			if l.Op != Add {
				a = append(a, Line{Text: l.Text, NoEOL: l.NoEOL})
			}
		}
		for _, l := range h.Lines {
			if l.Op != Add {
				b = append(b, Line{Text: l.Text, NoEOL: l.NoEOL})
			}
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("old side changed: %v -> %v", a, b)
		}
		if h.OldStart != orig.OldStart || checkEOLOrder(h) != nil {
			t.Fatalf("edited hunk misplaced or broken: %+v", h)
		}
		if a, r := h.Changes(); a+r > 0 {
			if _, err := Parse([]byte(upd("/m/x.md", FormatHunk(h)))); err != nil {
				t.Fatalf("accepted edit is not an exact hunk: %v\n%s", err, FormatHunk(h))
			}
		}
	})
}
