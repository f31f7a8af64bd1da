package patch

import (
	"strings"
	"testing"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		files int
		hunks int
		path  string
		cr    bool
	}{
		{"update", "--- /m/MEMORY.md\n+++ /m/MEMORY.md\n@@ -1,2 +1,3 @@\n a\n+b\n c\n", 1, 1, "/m/MEMORY.md", false},
		{"create", "--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1,2 @@\n+a\n+b\n", 1, 1, "/m/x.md", true},
		{"a/ b/ stripped", "--- a//m/x.md\n+++ b//m/x.md\n@@ -1 +1 @@\n-a\n+b\n", 1, 1, "/m/x.md", false},
		{"timestamps cut at tab", "--- /m/x.md\t2026-01-01\n+++ /m/x.md\t2026-01-02\n@@ -1 +1 @@\n-a\n+b\n", 1, 1, "/m/x.md", false},
		{"git headers", "diff --git a/m/x.md b/m/x.md\nindex 1..2 100644\n--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n", 1, 1, "/m/x.md", false},
		{"new file mode 100644", "diff --git a b\nnew file mode 100644\n--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1 @@\n+a\n", 1, 1, "/m/x.md", true},
		{"two hunks", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n@@ -10 +10 @@\n-c\n+d\n", 1, 2, "/m/x.md", false},
		{"blank line between hunks", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n\n@@ -10 +10 @@\n-c\n+d\n", 1, 2, "/m/x.md", false},
		{"repeated section", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-b\n+c\n", 2, 2, "/m/x.md", false},
		{"no newline marker", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n", 1, 1, "/m/x.md", false},
		{"empty line is empty context", "--- /m/x.md\n+++ /m/x.md\n@@ -1,3 +1,3 @@\n a\n\n-c\n+d\n", 1, 1, "/m/x.md", false},
		{"removed line starting with dashes", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n--- x\n++++ y\n", 1, 1, "/m/x.md", false},
		{"quoted name", "--- \"/m/x y.md\"\n+++ \"/m/x y.md\"\n@@ -1 +1 @@\n-a\n+b\n", 1, 1, "/m/x y.md", false},
		{"no trailing newline in patch", "--- /m/x.md\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b", 1, 1, "/m/x.md", false},
		{"CRLF headers", "--- /m/x.md\r\n+++ /m/x.md\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n", 1, 1, "/m/x.md", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			hunks := 0
			for _, f := range p.Files {
				hunks += len(f.Hunks)
			}
			if len(p.Files) != tc.files || hunks != tc.hunks {
				t.Fatalf("got %d files %d hunks, want %d %d", len(p.Files), hunks, tc.files, tc.hunks)
			}
			if p.Files[0].Path != tc.path || p.Files[0].Create != tc.cr {
				t.Fatalf("got path %q create %v", p.Files[0].Path, p.Files[0].Create)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	upd := func(name, body string) string { return "--- " + name + "\n+++ " + name + "\n" + body }
	tests := []struct {
		name string
		in   string
		want Reason
	}{
		{"empty", "", NoHunks},
		{"prose", "hello there\n", Malformed},
		{"no hunks", "--- /m/x.md\n+++ /m/x.md\n", NoHunks},
		{"only context", upd("/m/x.md", "@@ -1 +1 @@\n a\n"), NoHunks},
		{"git section without hunks", "diff --git a/x b/x\n", NoHunks},
		{"count too small", upd("/m/x.md", "@@ -1,1 +1,1 @@\n-a\n+b\n c\n"), Malformed},
		{"count too large", upd("/m/x.md", "@@ -1,3 +1,3 @@\n-a\n+b\n"), Malformed},
		{"bad op", upd("/m/x.md", "@@ -1 +1 @@\n-a\n*b\n"), Malformed},
		{"trailing junk", upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\nthanks!\n"), Malformed},
		{"ed script", "1a\nhello\n.\nw\n", Malformed},
		{"ed section after valid hunk", upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\n1a\n!rm -rf ~\n.\n"), Malformed},
		{"normal diff", "1c1\n< a\n---\n> b\n", Malformed},
		{"bad @@", upd("/m/x.md", "@@ -a +b @@\n-a\n"), Malformed},
		{"overlapping hunks", upd("/m/x.md", "@@ -1,2 +1,2 @@\n-a\n+b\n c\n@@ -2 +2 @@\n-c\n+d\n"), Malformed},
		{"two create hunks", "--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1 @@\n+a\n@@ -0,0 +2 @@\n+b\n", Malformed},
		{"create not at 0", "--- /dev/null\n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n", Malformed},
		{"line after no newline", upd("/m/x.md", "@@ -1,2 +1,2 @@\n a\n\\ No newline at end of file\n-b\n+c\n"), Malformed},
		{"huge start", upd("/m/x.md", "@@ -9223372036854775000,1 +1 @@\n-a\n+b\n"), TooLarge},
		{"huge count", upd("/m/x.md", "@@ -1,99999999 +1 @@\n-a\n+b\n"), TooLarge},
		{"hunk without headers", "@@ -1 +1 @@\n-a\n+b\n", MissingTargetPath},
		{"+++ without ---", "+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n", MissingTargetPath},
		{"--- without +++", "--- /m/x.md\n@@ -1 +1 @@\n-a\n+b\n", MissingTargetPath},
		{"empty name", "--- \n+++ /m/x.md\n@@ -1 +1 @@\n-a\n+b\n", MissingTargetPath},
		{"relative names", upd("m/x.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"a/rel", upd("a/m/x.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"mismatched", "--- /m/x.md\n+++ /m/y.md\n@@ -1 +1 @@\n-a\n+b\n", InvalidPatchHeaders},
		{"both dev null", "--- /dev/null\n+++ /dev/null\n@@ -0,0 +1 @@\n+a\n", InvalidPatchHeaders},
		{"NUL in name", upd("/m/x\x00.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"control in name", upd("/m/x\x01.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"quoted newline escape", upd(`"b/m/a\nb.md"`, "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"quoted NUL escape", upd(`"b/m/x\000.md"`, "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"CR inside name", upd("/m/x\r.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"backslash", upd(`/m/..\x.md`, "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"leading dash", upd("/m/-x.md", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"zero width", upd("/m/.g\u200cit/config", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"dotdot relative", upd("b/../../.ssh/authorized_keys", "@@ -1 +1 @@\n-a\n+b\n"), InvalidPatchHeaders},
		{"dotdot absolute", upd("/m/../m/x.md", "@@ -1 +1 @@\n-a\n+b\n"), OutsideAllowedRoots},
		{"double slash", upd("/m//x.md", "@@ -1 +1 @@\n-a\n+b\n"), OutsideAllowedRoots},
		{".git", upd("/m/.git/config", "@@ -1 +1 @@\n-a\n+b\n"), OutsideAllowedRoots},
		{".GIT", upd("/m/.GIT/hooks/x", "@@ -1 +1 @@\n-a\n+b\n"), OutsideAllowedRoots},
		{"delete", "--- /m/x.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n", Unsupported},
		{"mode change", "diff --git a/x b/x\nold mode 100644\nnew mode 100755\n", Unsupported},
		{"new file exec", "diff --git a/x b/x\nnew file mode 100755\n--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1 @@\n+a\n", Unsupported},
		{"symlink create (t4139)", "diff --git a/tmp b/tmp\nnew file mode 120000\n--- /dev/null\n+++ /m/tmp\n@@ -0,0 +1 @@\n+..\n", Unsupported},
		{"rename", "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n", Unsupported},
		{"binary", "diff --git a/x b/x\nGIT binary patch\nliteral 5\nabc\n", Unsupported},
		{"binary differ", "Binary files a/x and b/x differ\n", Unsupported},
		{"mode lines after a valid section", upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\n") + "diff --git a/y b/y\nold mode 100644\nnew mode 100755\n", Unsupported},
		{"NUL in content", upd("/m/x.md", "@@ -1 +1 @@\n-a\n+b\x00\n"), Unsupported},
		{"too large", strings.Repeat("x", MaxPatchBytes+1), TooLarge},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in))
			if got := ReasonOf(err); got != tc.want {
				t.Fatalf("reason %q (%v), want %q", got, err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), string(tc.want)) {
				t.Fatalf("error text %q does not start with the reason name", err)
			}
		})
	}
}

func TestParseNoEOL(t *testing.T) {
	p, err := Parse([]byte("--- /m/x.md\n+++ /m/x.md\n@@ -1 +1,2 @@\n-a\n\\ No newline at end of file\n+a\n+b\n\\ No newline at end of file\n"))
	if err != nil {
		t.Fatal(err)
	}
	ls := p.Files[0].Hunks[0].Lines
	if !ls[0].NoEOL || ls[1].NoEOL || !ls[2].NoEOL {
		t.Fatalf("markers: %+v", ls)
	}
	got, err := ApplyText([]byte("a"), p.Files[0])
	if err != nil || string(got) != "a\nb" {
		t.Fatalf("apply = %q, %v", got, err)
	}
}

func TestBytesRoundTrip(t *testing.T) {
	in := "--- /dev/null\n+++ /m/x.md\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n--- /m/y.md\n+++ /m/y.md\n@@ -1,3 +1,3 @@ sec\n a\n-b\n+c\n d\n"
	p, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(p.Bytes()); got != in {
		t.Fatalf("round trip:\n%s\nwant\n%s", got, in)
	}
}

func BenchmarkParse(b *testing.B) {
	data := []byte(typicalPatch("/home/u/.gemini/tmp/p/memory"))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// typicalPatch is a private-memory patch of the size an extraction run
// writes: a MEMORY.md update with two hunks and a new topic file.
func typicalPatch(mem string) string {
	var b strings.Builder
	b.WriteString("--- " + mem + "/MEMORY.md\n+++ " + mem + "/MEMORY.md\n")
	b.WriteString("@@ -1,4 +1,5 @@\n # Project Memory\n \n - Run `go test ./...` before committing.\n+- Use `just lint` for gofmt and vet.\n - The API lives in internal/api.\n")
	b.WriteString("@@ -20,3 +21,4 @@\n - line 20\n - line 21\n - line 22\n+- Deploys go through `just deploy staging` first.\n")
	b.WriteString("--- /dev/null\n+++ " + mem + "/testing.md\n@@ -0,0 +1,12 @@\n")
	for i := 0; i < 12; i++ {
		b.WriteString("+- testing note number " + string(rune('a'+i)) + " with some explanatory words\n")
	}
	return b.String()
}
