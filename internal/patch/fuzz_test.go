package patch

import (
	"path/filepath"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	f.Add([]byte(typicalPatch("/m")))
	f.Add([]byte("--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n"))
	f.Add([]byte("diff --git a/x b/x\nGIT binary patch\n"))
	f.Add([]byte("--- a//m/x.md\n+++ b//m/x.md\n@@ -1,2 +1 @@\n-a\n-b\n+c\n1a\n.\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			if ReasonOf(err) == "" {
				t.Fatalf("refusal without a reason: %v", err)
			}
			return
		}
		// Whatever is accepted serialises to a patch that parses to itself.
		out := p.Bytes()
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("re-parse of accepted patch failed: %v\n%s", err, out)
		}
		if string(q.Bytes()) != string(out) {
			t.Fatalf("unstable serialisation")
		}
	})
}

// lines turns fuzz bytes into a small text over a tiny alphabet, so diffs
// have repeated lines, moves and missing final newlines.
func fuzzText(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		switch c % 6 {
		case 5:
			sb.WriteString("\n")
		default:
			sb.WriteByte("abcd\n"[c%5])
		}
	}
	return sb.String()
}

// FuzzSelect cuts diffs of small texts by arbitrary three-way decisions,
// over one section or two sections of the same file, and checks that both
// parts are exact patches that add up to the patch without its dismissed
// lines (checkSelect), or that the cut is refused.
func FuzzSelect(f *testing.F) {
	f.Add([]byte("a\nb\nc\nd\ne\nf\ng\nh\n"), []byte("a\nB\nc\nd\ne\nf\nG\nh"), []byte{0xa5, 0x0f, 0x33})
	f.Add([]byte{}, []byte("x\ny\n"), []byte{1})
	f.Add([]byte("x"), []byte("x\n"), []byte{2})
	f.Add([]byte("abc"), []byte("abd"), []byte{0x41, 0x99})
	f.Fuzz(func(t *testing.T, oldB, newB, mask []byte) {
		if len(oldB) > 400 || len(newB) > 400 || len(mask) > 400 {
			return
		}
		oldS, newS := fuzzText(oldB), fuzzText(newB)
		var old []byte
		files := map[string]string{}
		if len(mask) == 0 || mask[0]&0x80 == 0 {
			old = []byte(oldS)
			files["/m/x.md"] = oldS
		}
		sec := Diff("/m/x.md", old, []byte(newS))
		if sec == nil {
			return
		}
		p := &Patch{Files: []*File{sec}}
		if len(mask) > 0 && mask[0]&0x40 != 0 { // a second section on top
			if sec2 := Diff("/m/x.md", []byte(newS), []byte(fuzzText(mask))); sec2 != nil {
				p.Files = append(p.Files, sec2)
			}
		}
		p = reparse(t, p)
		whole, err := applyPatch(files, p)
		if err != nil {
			t.Fatalf("Diff does not apply: %v\n%s", err, p.Bytes())
		}
		if len(p.Files) == 1 && whole["/m/x.md"] != newS {
			t.Fatalf("Diff does not reproduce new text: %q vs %q\n%s", whole["/m/x.md"], newS, p.Bytes())
		}
		sel := Selection{}
		k := 0
		for _, sec := range p.Files {
			for _, h := range sec.Hunks {
				d := make([]Decision, len(h.Lines))
				for i := range d {
					if len(mask) > 0 {
						d[i] = Decision(mask[k%len(mask)]>>(2*(k/len(mask)%4))) % 3
					}
					k++
				}
				sel[h] = d
			}
		}
		checkSelect(t, files, p, sel)
	})
}

// FuzzNames checks the lexical name rules: whatever passes is absolute,
// clean, free of control and invisible characters and of .git components,
// and lies in the private memory dir only when it is a direct *.md child.
func FuzzNames(f *testing.F) {
	for _, s := range []string{"/m/MEMORY.md", "/m/../x.md", "/m/.g\u200cit/x", "/m/a\x00.md", "/m//x.md", "m/x.md", "/m/.GIT./x", "/m/x.md/"} {
		f.Add(s)
	}
	roots := Roots{MemoryDir: "/m"}
	f.Fuzz(func(t *testing.T, name string) {
		if err := checkLexical(name); err != nil {
			if ReasonOf(err) == "" {
				t.Fatal("refusal without reason")
			}
			return
		}
		if !strings.HasPrefix(name, "/") || filepath.Clean(name) != name {
			t.Fatalf("accepted unclean name %q", name)
		}
		for _, r := range name {
			if r < 0x20 || r == 0x7f || isInvisible(r) {
				t.Fatalf("accepted control character in %q", name)
			}
		}
		for _, c := range strings.Split(name, "/") {
			if strings.EqualFold(c, ".git") || c == ".." {
				t.Fatalf("accepted %q", name)
			}
		}
		if tg, err := roots.resolveKind(Private, name, func(string, ...any) (target, *Error) { return target{}, &Error{Reason: OutsideAllowedRoots} }); err == nil {
			if filepath.Dir(name) != "/m" || !strings.HasSuffix(tg.rel, ".md") || strings.HasPrefix(tg.rel, ".") || strings.Contains(tg.rel, "/") {
				t.Fatalf("private accepted %q", name)
			}
		}
	})
}
