package patch

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestApplyTextOffsets(t *testing.T) {
	file := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	hunk := "@@ -3,3 +3,3 @@\n c\n-d\n+D\n e\n"
	tests := []struct {
		name, old, want string
		reason          Reason
	}{
		{"at stated line", file("a", "b", "c", "d", "e", "f"), file("a", "b", "c", "D", "e", "f"), ""},
		{"shifted down", file("x", "y", "a", "b", "c", "d", "e"), file("x", "y", "a", "b", "c", "D", "e"), ""},
		{"shifted up", file("c", "d", "e", "f"), file("c", "D", "e", "f"), ""},
		{"stated wins over other match", file("a", "b", "c", "d", "e", "c", "d", "e"), file("a", "b", "c", "D", "e", "c", "d", "e"), ""},
		{"ambiguous", file("c", "d", "e", "c", "d", "e"), "", DoesNotApply},
		{"absent", file("a", "b", "c", "x", "e"), "", DoesNotApply},
		{"empty target", "", "", DoesNotApply},
	}
	p, err := Parse([]byte(upd("/m/x.md", hunk)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ApplyText([]byte(tc.old), p.Files[0])
			if ReasonOf(err) != tc.reason {
				t.Fatalf("reason %q (%v), want %q", ReasonOf(err), err, tc.reason)
			}
			if err != nil {
				if !strings.Contains(err.Error(), "/m/x.md: hunk 1") {
					t.Fatalf("error does not name file and hunk: %v", err)
				}
				return
			}
			if string(got) != tc.want {
				t.Fatalf("got %q want %q", got, tc.want)
			}
		})
	}
}

func TestApplyTextSecondHunkFollowsFirstOffset(t *testing.T) {
	p, err := Parse([]byte(upd("/m/x.md", "@@ -1,2 +1,2 @@\n a\n-b\n+B\n@@ -5,2 +5,2 @@\n e\n-f\n+F\n")))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ApplyText([]byte("new\na\nb\nc\nd\ne\nf\n"), p.Files[0])
	if err != nil || string(got) != "new\na\nB\nc\nd\ne\nF\n" {
		t.Fatalf("got %q %v", got, err)
	}
	// the second hunk must not match before the first one's end
	p2, _ := Parse([]byte(upd("/m/x.md", "@@ -3,2 +3,2 @@\n a\n-b\n+B\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n")))
	if p2 != nil {
		t.Fatal("out-of-order hunks parsed")
	}
}

func TestApplyTextNoEOL(t *testing.T) {
	tests := []struct{ name, patch, old, want string }{
		{"add newline", "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n", "a", "a\n"},
		{"drop newline", "@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n", "a\n", "a"},
		{"append after no-eol", "@@ -1 +1,2 @@\n-a\n\\ No newline at end of file\n+a\n+b\n", "x\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse([]byte(upd("/m/x.md", tc.patch)))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ApplyText([]byte(tc.old), p.Files[0])
			if tc.want == "" {
				if ReasonOf(err) != DoesNotApply {
					t.Fatalf("want doesNotApply, got %q %v", got, err)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("got %q %v", got, err)
			}
		})
	}
	// a hunk that ends the file while the file goes on
	p, _ := Parse([]byte(upd("/m/x.md", "@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n")))
	if _, err := ApplyText([]byte("a\nb\n"), p.Files[0]); ReasonOf(err) != DoesNotApply {
		t.Fatalf("got %v", err)
	}
}

func TestRepeatedSectionsStack(t *testing.T) {
	w := newWorld(t)
	mem := w.mem + "/MEMORY.md"
	text := upd(mem, "@@ -3 +3 @@\n-- one\n+- uno\n") + upd(mem, "@@ -3 +3 @@\n-- uno\n+- eins\n") +
		create(w.mem+"/n.md", "@@ -0,0 +1 @@\n+a\n") + upd(w.mem+"/n.md", "@@ -1 +1,2 @@\n a\n+b\n")
	pp := w.patchFile(text)
	if _, err := applyFile(pp, w.roots, Private, CommitOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := w.read(mem); !strings.Contains(got, "- eins\n") || strings.Contains(got, "uno") {
		t.Fatalf("MEMORY.md: %q", got)
	}
	if w.read(w.mem+"/n.md") != "a\nb\n" {
		t.Fatal("n.md")
	}
	// creating the same file twice in one patch is refused
	p, _ := Parse([]byte(create(w.mem+"/z.md", "@@ -0,0 +1 @@\n+a\n") + create(w.mem+"/z.md", "@@ -0,0 +1 @@\n+b\n")))
	if _, err := DryRun(p, w.roots, Private); ReasonOf(err) != NewFileAlreadyExists {
		t.Fatalf("got %v", err)
	}
}

func TestApplyTextSearchIsBounded(t *testing.T) {
	// Hunk i sits at line i but says line 2+3i, so no offset carries over
	// and each unique-match search scans to the end of a 200k line file:
	// the search budget must stop this early with doesNotApply.
	var file, bad, good strings.Builder
	bad.WriteString("--- /m/x.md\n+++ /m/x.md\n")
	good.WriteString("--- /m/x.md\n+++ /m/x.md\n")
	for i := 0; i < 2000; i++ {
		k := strconv.Itoa(i)
		file.WriteString("k" + k + "\n")
		stated := strconv.Itoa(2 + 3*i)
		bad.WriteString("@@ -" + stated + ",1 +" + stated + ",1 @@\n-k" + k + "\n+K" + k + "\n")
		good.WriteString("@@ -" + strconv.Itoa(2+i) + ",1 +" + strconv.Itoa(2+i) + ",1 @@\n-k" + k + "\n+K" + k + "\n")
	}
	file.WriteString(strings.Repeat("x\n", 200_000))
	for _, tc := range []struct {
		name  string
		patch string
		want  Reason
	}{{"scattered", bad.String(), DoesNotApply}, {"common offset", good.String(), ""}} {
		p, err := Parse([]byte(tc.patch))
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = ApplyText([]byte(file.String()), p.Files[0])
		if ReasonOf(err) != tc.want {
			t.Fatalf("%s: got %v", tc.name, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%s: took %v", tc.name, d)
		}
	}
}
