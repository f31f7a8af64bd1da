package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/modeltest"
)

// world is a fake home with a Gemini project, canaries outside the memory
// dir and one offered transcript.
type world struct {
	base, home, mem, skills, outside, transcript, other string
}

func newWorld(t testing.TB) world {
	t.Helper()
	base := t.TempDir()
	w := world{
		base:    base,
		home:    filepath.Join(base, "home"),
		outside: filepath.Join(base, "outside"),
	}
	proj := filepath.Join(w.home, ".gemini", "tmp", "proj")
	w.mem = filepath.Join(proj, "memory")
	w.skills = filepath.Join(w.home, ".gemini", "skills")
	w.transcript = filepath.Join(proj, "chats", "session-2026-05-01T09-00-0b7e7fda.jsonl")
	w.other = filepath.Join(proj, "chats", "session-2026-05-02T09-00-11111111.jsonl")
	files := map[string]string{
		filepath.Join(w.home, ".bashrc"):                  "# canary bashrc\n",
		filepath.Join(w.home, ".ssh", "id_rsa"):           "-----BEGIN KEY-----\nsecret\n",
		filepath.Join(w.outside, "canary"):                "outside canary\n",
		filepath.Join(w.mem, "MEMORY.md"):                 "# Project Memory\n\n- uses go test ./...\n",
		filepath.Join(w.mem, ".extraction-state.json"):    `{"runs":[]}`,
		filepath.Join(w.mem, ".extraction.lock"):          `{"pid":1}`,
		filepath.Join(w.mem, ".automem", "tombstones"):    "x\n",
		filepath.Join(w.mem, ".inbox", "private", "keep"): "keep\n",
		filepath.Join(w.skills, "deploy", "SKILL.md"):     "---\nname: deploy\ndescription: deploy it\n---\n",
		w.transcript: `{"sessionId":"0b7e7fda"}` + "\n",
		w.other:      `{"sessionId":"11111111"}` + "\n",
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(w.mem, "skills"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w world) sandbox(t *testing.T, mod func(*Config)) *Sandbox {
	t.Helper()
	cfg := Config{
		Memory:      memdir.Shared(w.mem, "", nil),
		SkillRoots:  []string{w.skills, filepath.Join(w.home, ".agents", "skills")},
		Transcripts: []string{w.transcript},
		Render: func(p string, off, lim int) (string, error) {
			return fmt.Sprintf("RENDERED %s %d %d", filepath.Base(p), off, lim), nil
		},
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// allowedWrite says whether a path under base may change during a run.
func (w world) allowedWrite(p string) bool {
	if rel, err := filepath.Rel(filepath.Join(w.mem, "skills"), p); err == nil && filepath.IsLocal(rel) {
		return true
	}
	return p == filepath.Join(w.mem, ".inbox", "private", "extraction.patch") ||
		p == filepath.Join(w.mem, ".inbox", "global", "extraction.patch")
}

func snapshot(t testing.TB, base string) map[string]string {
	t.Helper()
	return modeltest.Tree(t, base, nil)
}

// checkConfined fails if anything outside the allowed write targets was
// created, changed or removed since before.
func (w world) checkConfined(t *testing.T, before map[string]string) {
	t.Helper()
	modeltest.Confined(t, before, snapshot(t, w.base), w.allowedWrite)
}

func reasonOf(err error) Reason {
	var se *Error
	if errors.As(err, &se) {
		return se.Reason
	}
	return ""
}

func TestReadPolicy(t *testing.T) {
	w := newWorld(t)
	s := w.sandbox(t, nil)
	tests := []struct {
		path   string
		want   string // substring of the answer, "" when an error is expected
		reason Reason
	}{
		{"MEMORY.md", "uses go test", ""},
		{filepath.Join(w.mem, "MEMORY.md"), "uses go test", ""},
		{".inbox/private/keep", "keep", ""},
		{filepath.Join(w.skills, "deploy", "SKILL.md"), "name: deploy", ""},
		{w.transcript, "RENDERED session-2026-05-01T09-00-0b7e7fda.jsonl 0 2000", ""},
		{"/etc/passwd", "", Outside},
		{"../../../../.ssh/id_rsa", "", Outside},
		{filepath.Join(w.home, ".ssh", "id_rsa"), "", Outside},
		{"~/.ssh/id_rsa", "", Failed}, // no ~ expansion: a missing file in the memory dir
		{"../..", "", Outside},
		{w.other, "", Outside}, // a transcript not offered this run
		{filepath.Join(w.outside, "canary"), "", Outside},
		{"skills", "", Invalid},
		{"nope.md", "", Failed},
		{"a\x00b", "", Invalid},
		{"", "", Invalid},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			got, err := s.ReadFile(tc.path, 0, 0)
			if tc.reason != "" {
				if err == nil || reasonOf(err) != tc.reason {
					t.Fatalf("ReadFile(%q) = %q, %v; want reason %q", tc.path, got, err, tc.reason)
				}
				if got != "" {
					t.Fatalf("error answer carried content %q", got)
				}
				for _, leak := range []string{"secret\n", "outside canary", "# canary", "root:"} {
					if strings.Contains(err.Error(), leak) {
						t.Fatalf("error leaks content: %v", err)
					}
				}
				return
			}
			if err != nil || !strings.Contains(got, tc.want) {
				t.Fatalf("ReadFile(%q) = %q, %v; want %q", tc.path, got, err, tc.want)
			}
		})
	}
	if got := s.TranscriptsRead(); len(got) != 1 || got[0] != w.transcript {
		t.Fatalf("TranscriptsRead = %v", got)
	}
	if got := s.TranscriptsFailed(); len(got) != 0 {
		t.Fatalf("TranscriptsFailed = %v", got)
	}
}

func TestListDirectoryPolicy(t *testing.T) {
	w := newWorld(t)
	s := w.sandbox(t, nil)
	for _, p := range []string{"/", "..", w.home, "/etc", filepath.Dir(w.transcript), w.transcript} {
		if out, err := s.ListDirectory(p); err == nil {
			t.Errorf("ListDirectory(%q) = %q, want error", p, out)
		}
	}
	out, err := s.ListDirectory(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"MEMORY.md", "[DIR] .inbox", "[DIR] .automem"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
	if out, err := s.ListDirectory(w.skills); err != nil || !strings.Contains(out, "[DIR] deploy") {
		t.Errorf("skills listing = %q, %v", out, err)
	}
}

func TestWritePolicy(t *testing.T) {
	w := newWorld(t)
	s := w.sandbox(t, nil)
	before := snapshot(t, w.base)
	patch := "--- " + filepath.Join(w.mem, "MEMORY.md") + "\n"
	allowed := []string{
		".inbox/private/extraction.patch",
		filepath.Join(w.mem, ".inbox", "global", "extraction.patch"),
		"skills/go-testing/SKILL.md",
		filepath.Join(w.mem, "skills", "go-testing", "scripts", "run.md"),
		"skills/go-testing/a/b/c.md",
		"skills/deploy.patch",
	}
	for _, p := range allowed {
		if _, err := s.WriteFile(p, patch); err != nil {
			t.Errorf("WriteFile(%q): %v", p, err)
		}
	}
	denied := []struct {
		path   string
		reason Reason
	}{
		{"../../.bashrc", Outside},
		{"../../../../.bashrc", Outside},
		{"/etc/x", Outside},
		{filepath.Join(w.home, ".bashrc"), Outside},
		{filepath.Join(w.outside, "canary"), Outside},
		{".inbox/private/other.patch", NotWritable},
		{".inbox/private/keep", NotWritable},
		{".inbox/extraction.patch", NotWritable},
		{".inbox/private/extraction.patch/x", NotWritable},
		{".extraction-state.json", NotWritable},
		{".extraction.lock", NotWritable},
		{".automem/tombstones", NotWritable},
		{"MEMORY.md", NotWritable},
		{"topic.md", NotWritable},
		{"skills", NotWritable},
		{"skills/", NotWritable},
		{"skills/../.extraction-state.json", NotWritable},
		{"skills/" + strings.Repeat("a", 300) + "/SKILL.md", Failed},
		{"skills/a\nb/SKILL.md", Invalid},
		{"skills/a/b/c/d/e/SKILL.md", Invalid},
		{filepath.Join(w.skills, "deploy", "SKILL.md"), NotWritable},
		{filepath.Join(w.skills, "new", "SKILL.md"), NotWritable},
		{w.transcript, NotWritable},
	}
	for _, tc := range denied {
		if _, err := s.WriteFile(tc.path, "pwned\n"); reasonOf(err) != tc.reason {
			t.Errorf("WriteFile(%q) err = %v, want %q", tc.path, err, tc.reason)
		}
		if _, err := s.Replace(tc.path, "canary", "pwned", 1); err == nil {
			t.Errorf("Replace(%q) succeeded", tc.path)
		}
	}
	w.checkConfined(t, before)
	b, err := os.ReadFile(filepath.Join(w.mem, "skills", "go-testing", "SKILL.md"))
	if err != nil || string(b) != patch {
		t.Fatalf("draft = %q, %v", b, err)
	}
	if got := len(s.Written()); got != len(allowed) {
		t.Fatalf("Written = %v", s.Written())
	}
	leftovers, _ := filepath.Glob(filepath.Join(w.mem, "skills", "go-testing", ".*.automem-tmp"))
	if len(leftovers) != 0 {
		t.Fatalf("temp files left: %v", leftovers)
	}
}

func TestSymlinks(t *testing.T) {
	w := newWorld(t)
	skills := filepath.Join(w.mem, "skills")
	links := map[string]string{
		filepath.Join(w.mem, "link"):                w.home + "/.bashrc",
		filepath.Join(w.mem, "outdir"):              w.outside,
		filepath.Join(skills, "tohome"):             w.home,
		filepath.Join(skills, "tobashrc.md"):        filepath.Join(w.home, ".bashrc"),
		filepath.Join(skills, "tostate"):            "../.extraction-state.json",
		filepath.Join(skills, "tomem"):              "..",
		filepath.Join(skills, "inside"):             "real",
		filepath.Join(w.mem, ".inbox", "global"):    "private",
		filepath.Join(w.mem, "memlink.md"):          "MEMORY.md",
		filepath.Join(w.mem, "chatlink"):            w.transcript,
		filepath.Join(skills, "real", "loop", "up"): "..",
	}
	for l, target := range links {
		if err := os.MkdirAll(filepath.Dir(l), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	s := w.sandbox(t, nil)
	before := snapshot(t, w.base)
	writes := []string{
		"link", "outdir/canary", "skills/tohome/.bashrc", "skills/tobashrc.md",
		"skills/tostate", "skills/tomem/.extraction-state.json", "skills/tomem/.inbox/private/other.patch",
		"skills/inside", ".inbox/global/extraction.patch",
	}
	for _, p := range writes {
		if out, err := s.WriteFile(p, "pwned\n"); err == nil {
			t.Errorf("WriteFile(%q) = %q, want refusal", p, out)
		}
		if out, err := s.Replace(p, "canary", "pwned", 1); err == nil {
			t.Errorf("Replace(%q) = %q, want refusal", p, out)
		}
	}
	reads := []string{"link", "outdir/canary", "skills/tohome/.bashrc", "skills/tobashrc.md", "memlink.md", "chatlink"}
	for _, p := range reads {
		if out, err := s.ReadFile(p, 0, 0); err == nil {
			t.Errorf("ReadFile(%q) = %q, want refusal", p, out)
		}
	}
	w.checkConfined(t, before)
	if len(s.TranscriptsRead()) != 0 {
		t.Fatal("a symlink to a transcript must not count as reading it")
	}
	// A write through an in-root symlinked directory stays in skills/.
	if _, err := s.WriteFile("skills/inside/x.md", "ok\n"); err != nil {
		t.Fatalf("in-skills symlinked dir: %v", err)
	}
	if _, err := os.Stat(filepath.Join(skills, "real", "x.md")); err != nil {
		t.Fatal(err)
	}
}

func TestSpecialFiles(t *testing.T) {
	w := newWorld(t)
	fifo := filepath.Join(w.mem, "skills", "fifo.md")
	if err := os.MkdirAll(filepath.Dir(fifo), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(w.mem, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, nil)
	for _, call := range []func() (string, error){
		func() (string, error) { return s.ReadFile("pipe", 0, 0) },
		func() (string, error) { return s.ReadFile("skills/fifo.md", 0, 0) },
		func() (string, error) { return s.WriteFile("skills/fifo.md", "x") },
		func() (string, error) { return s.Replace("skills/fifo.md", "a", "b", 1) },
		func() (string, error) { return s.ReadFile("/dev/zero", 0, 0) },
	} {
		if _, err := call(); err == nil {
			t.Error("special file accepted")
		}
	}
	if _, err := s.ReadFile("pipe", 0, 0); reasonOf(err) != NotRegular {
		t.Errorf("FIFO read reason = %v", err)
	}
	if out, err := s.GrepSearch("x", "", ""); err != nil || strings.Contains(out, "fifo") {
		t.Errorf("grep over a FIFO = %q, %v", out, err)
	}
}

func TestCaps(t *testing.T) {
	w := newWorld(t)
	big := strings.Repeat("0123456789abcdef\n", 1000) // 17 000 bytes
	if err := os.WriteFile(filepath.Join(w.mem, "big.md"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, func(c *Config) { c.ReadCap = 1024; c.WriteCap = 100; c.MaxWrites = 2 })
	out, err := s.ReadFile("big.md", 0, 0)
	if err != nil || len(out) > 1024+200 || !strings.Contains(out, "file cut at 1024 bytes") {
		t.Fatalf("capped read = %d bytes, %v", len(out), err)
	}
	for _, tc := range []struct {
		size int
		cut  bool
	}{{0, false}, {1023, false}, {1024, false}, {1025, true}} {
		name := fmt.Sprintf("exact%d.md", tc.size)
		if err := os.WriteFile(filepath.Join(w.mem, name), []byte(strings.Repeat("z", tc.size)), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := s.ReadFile(name, 0, 0)
		if err != nil || strings.Contains(out, "file cut") != tc.cut || strings.Count(out, "z") != min(tc.size, 1024) {
			t.Errorf("size %d: %d z, cut note %v, %v", tc.size, strings.Count(out, "z"), strings.Contains(out, "file cut"), err)
		}
	}
	if _, err := s.WriteFile("skills/a/SKILL.md", strings.Repeat("x", 101)); reasonOf(err) != TooLarge {
		t.Fatalf("oversize write err = %v", err)
	}
	for _, p := range []string{"skills/a/SKILL.md", "skills/b/SKILL.md", "skills/a/SKILL.md"} {
		if _, err := s.WriteFile(p, "ok\n"); err != nil {
			t.Fatalf("WriteFile(%s): %v", p, err)
		}
	}
	if _, err := s.WriteFile("skills/c/SKILL.md", "ok\n"); reasonOf(err) != TooMany {
		t.Fatalf("third file err = %v", err)
	}
	if _, err := s.Replace("skills/a/SKILL.md", "ok", strings.Repeat("y", 200), 1); reasonOf(err) != TooLarge {
		t.Fatalf("oversize replace err = %v", err)
	}
}

func TestPaging(t *testing.T) {
	w := newWorld(t)
	var lines []string
	for i := 1; i <= 10; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	if err := os.WriteFile(filepath.Join(w.mem, "ten.md"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, nil)
	all := strings.Join(lines, "\n") + "\n"
	tests := []struct {
		off, lim int
		want     string
	}{
		{0, 0, all},
		{0, 10, all},
		{2, 3, "[showing lines 3-5 of 10; use offset 5 to read on]\nline 3\nline 4\nline 5\n"},
		{9, 5, "[showing lines 10-10 of 10; use offset 10 to read on]\nline 10\n"},
		{50, 5, "[offset 50 is past the end; the file has 10 lines]\n"},
	}
	for _, tc := range tests {
		if out, err := s.ReadFile("ten.md", tc.off, tc.lim); err != nil || out != tc.want {
			t.Errorf("ReadFile(off=%d, lim=%d) = %q, %v; want %q", tc.off, tc.lim, out, err, tc.want)
		}
	}
	if _, err := s.ReadFile("ten.md", -1, 0); reasonOf(err) != Invalid {
		t.Errorf("negative offset: %v", err)
	}
}

func TestReplace(t *testing.T) {
	w := newWorld(t)
	s := w.sandbox(t, nil)
	if _, err := s.Replace("skills/x/SKILL.md", "", "alpha beta alpha\n", 0); err != nil {
		t.Fatalf("create: %v", err)
	}
	if _, err := s.Replace("skills/x/SKILL.md", "", "again", 0); reasonOf(err) != Invalid {
		t.Fatalf("create over existing: %v", err)
	}
	if _, err := s.Replace("skills/x/SKILL.md", "alpha", "gamma", 1); reasonOf(err) != Invalid {
		t.Fatalf("count mismatch: %v", err)
	}
	if _, err := s.Replace("skills/x/SKILL.md", "delta", "gamma", 1); reasonOf(err) != Invalid {
		t.Fatalf("not found: %v", err)
	}
	if _, err := s.Replace("skills/x/SKILL.md", "alpha", "gamma", 2); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(w.mem, "skills", "x", "SKILL.md"))
	if string(b) != "gamma beta gamma\n" {
		t.Fatalf("after replace: %q", b)
	}
	// A hard link to an outside file is replaced by rename, never written through.
	hl := filepath.Join(w.mem, "skills", "hl.md")
	if err := os.Link(filepath.Join(w.outside, "canary"), hl); err != nil {
		t.Skip("hard links unsupported:", err)
	}
	before := snapshot(t, w.outside)
	if _, err := s.Replace("skills/hl.md", "canary", "pwned", 1); reasonOf(err) != NotRegular {
		t.Fatalf("replace through a hard link: %v", err)
	}
	if out, err := s.ReadFile("skills/hl.md", 0, 0); err == nil || strings.Contains(out, "canary") {
		t.Fatalf("read through a hard link = %q, %v", out, err)
	}
	// write_file replaces the name by rename: the outside file keeps its bytes.
	if _, err := s.WriteFile("skills/hl.md", "new\n"); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, w.outside); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatal("outside file changed through a hard link")
	}
	if b, _ := os.ReadFile(hl); string(b) != "new\n" {
		t.Fatalf("draft = %q", b)
	}
}

func TestGlob(t *testing.T) {
	w := newWorld(t)
	loop := filepath.Join(w.mem, "skills", "a")
	if err := os.MkdirAll(loop, 0o755); err != nil {
		t.Fatal(err)
	}
	for l, target := range map[string]string{
		filepath.Join(loop, "self"):        ".",
		filepath.Join(loop, "up"):          "..",
		filepath.Join(w.mem, "out"):        w.outside,
		filepath.Join(w.mem, "outfile.md"): filepath.Join(w.outside, "canary"),
		filepath.Join(loop, "SKILL.md"):    "../../MEMORY.md",
	} {
		if err := os.Symlink(target, l); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(loop, "notes.md"), []byte("n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, nil)
	out, err := s.Glob("**/*.md", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{filepath.Join(w.mem, "MEMORY.md"), filepath.Join(loop, "notes.md")} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("glob lacks %s:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if rel, err := filepath.Rel(w.mem, l); err != nil || !filepath.IsLocal(rel) {
			t.Errorf("glob result outside the root: %s", l)
		}
		if strings.Contains(l, "/self/") || strings.Contains(l, "/up/") || strings.Contains(l, "/out/") {
			t.Errorf("glob descended a symlink: %s", l)
		}
	}
	for _, f := range []func() (string, error){
		func() (string, error) { return s.Glob("*", "MEMORY.md") },
		func() (string, error) { return s.GrepSearch("x", "MEMORY.md", "") },
		func() (string, error) { return s.ListDirectory("MEMORY.md") },
	} {
		if _, err := f(); reasonOf(err) != Invalid || !strings.Contains(err.Error(), "not a directory") {
			t.Errorf("file as a directory: %v", err)
		}
	}
	if out, err := s.Glob("*.md", w.skills); err != nil || strings.Contains(out, "SKILL.md") {
		t.Errorf("single-level glob = %q, %v", out, err)
	}
	if out, err := s.Glob("*/SKILL.md", w.skills); err != nil || !strings.Contains(out, filepath.Join(w.skills, "deploy", "SKILL.md")) {
		t.Errorf("skills glob = %q, %v", out, err)
	}
	for _, tc := range []struct{ pat, dir string }{
		{"../*", ""}, {"a/../../*", ""}, {"/etc/*", ""}, {"~/.ssh/*", ""}, {"*", "/"}, {"*", ".."}, {"*", w.home}, {"[", ""},
	} {
		if out, err := s.Glob(tc.pat, tc.dir); err == nil {
			t.Errorf("Glob(%q, %q) = %q, want error", tc.pat, tc.dir, out)
		}
	}
}

func TestMatchSegments(t *testing.T) {
	tests := []struct {
		pat, name string
		want      bool
	}{
		{"**", "a/b/c", true},
		{"**/*.md", "x.md", true},
		{"**/*.md", "a/b/x.md", true},
		{"**/*.md", "a/b/x.txt", false},
		{"a/**/c", "a/c", true},
		{"a/**/c", "a/b/b/c", true},
		{"a/**/c", "a/b/d", false},
		{"*.md", "a/x.md", false},
		{"*/SKILL.md", "deploy/SKILL.md", true},
		{"**/b/**/d", "a/b/c/d", true},
		{"**/b/**/d", "a/c/d", false},
	}
	for _, tc := range tests {
		if got := matchSegments(strings.Split(tc.pat, "/"), strings.Split(tc.name, "/")); got != tc.want {
			t.Errorf("match(%q, %q) = %v", tc.pat, tc.name, got)
		}
	}
}

func TestGrep(t *testing.T) {
	w := newWorld(t)
	if err := os.Symlink(filepath.Join(w.outside, "canary"), filepath.Join(w.mem, "c.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(w.outside, filepath.Join(w.mem, "od")); err != nil {
		t.Fatal(err)
	}
	var many strings.Builder
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&many, "hit %d %s\n", i, strings.Repeat("z", 400))
	}
	if err := os.WriteFile(filepath.Join(w.mem, "many.txt"), []byte(many.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, nil)
	out, err := s.GrepSearch("canary|go test", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "MEMORY.md:3: - uses go test") || strings.Contains(out, "outside canary") {
		t.Fatalf("grep = %q", out)
	}
	out, err = s.GrepSearch("^hit", "", "*.txt")
	if err != nil || strings.Count(out, "\n") > maxGrepMatches+2 || len(out) > maxGrepOutput+200 || !strings.Contains(out, "capped") {
		t.Fatalf("capped grep: %d bytes, %v", len(out), err)
	}
	if out, err := s.GrepSearch("go test", "", "*.txt"); err != nil || !strings.Contains(out, "No matches") {
		t.Fatalf("include filter = %q, %v", out, err)
	}
	for _, tc := range []struct{ pat, dir, inc string }{
		{"(", "", ""}, {"x", "/etc", ""}, {"x", "", "../*"}, {"", "", ""}, {`\C`, "", ""},
	} {
		if _, err := s.GrepSearch(tc.pat, tc.dir, tc.inc); err == nil {
			t.Errorf("GrepSearch(%q, %q, %q) succeeded", tc.pat, tc.dir, tc.inc)
		}
	}
}

func TestRenderErrorNotCountedAsRead(t *testing.T) {
	w := newWorld(t)
	s := w.sandbox(t, func(c *Config) {
		c.Render = func(string, int, int) (string, error) { return "", errors.New("bad transcript") }
	})
	if _, err := s.ReadFile(w.transcript, 0, 0); err == nil {
		t.Fatal("want error")
	}
	if len(s.TranscriptsRead()) != 0 {
		t.Fatal("failed render counted as read")
	}
	if got := s.TranscriptsFailed(); len(got) != 1 || got[0] != w.transcript {
		t.Fatalf("TranscriptsFailed = %v", got)
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Config{Memory: memdir.Shared("rel", "", nil)}); err == nil {
		t.Fatal("relative memory dir accepted")
	}
	if _, err := New(Config{Memory: memdir.Shared(filepath.Join(t.TempDir(), "missing"), "", nil)}); err == nil {
		t.Fatal("missing memory dir accepted")
	}
	if _, err := New(Config{Memory: memdir.Shared(t.TempDir(), "", nil), SkillRoots: []string{"rel"}}); err == nil {
		t.Fatal("relative skills root accepted")
	}
}

func TestReadOnlyFiles(t *testing.T) {
	w := newWorld(t)
	gemini := filepath.Join(w.home, ".gemini", "GEMINI.md")
	if err := os.WriteFile(gemini, []byte("# Global\n- prefers tabs\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.home, ".gemini", "settings.json"), []byte(`{"k":"SETTINGS"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.sandbox(t, func(c *Config) { c.ReadOnlyFiles = []string{gemini} })
	before := snapshot(t, w.base)
	if out, err := s.ReadFile(gemini, 0, 0); err != nil || out != "# Global\n- prefers tabs\n" {
		t.Fatalf("read global memory = %q, %v", out, err)
	}
	if out, err := s.ReadFile(filepath.Join(w.home, ".gemini", "settings.json"), 0, 0); err == nil {
		t.Fatalf("sibling readable: %q", out)
	}
	if _, err := s.WriteFile(gemini, "x"); reasonOf(err) != NotWritable {
		t.Fatalf("write global memory: %v", err)
	}
	if _, err := s.Replace(gemini, "tabs", "spaces", 1); reasonOf(err) != NotWritable {
		t.Fatalf("replace global memory: %v", err)
	}
	for _, f := range []func() (string, error){
		func() (string, error) { return s.ListDirectory(gemini) },
		func() (string, error) { return s.Glob("*", gemini) },
		func() (string, error) { return s.GrepSearch("x", gemini, "") },
	} {
		if _, err := f(); err == nil {
			t.Fatal("a file was searched as a directory")
		}
	}
	w.checkConfined(t, before)
	// A symlink in its place is refused like anywhere else.
	if err := os.Remove(gemini); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(w.home, ".ssh", "id_rsa"), gemini); err != nil {
		t.Fatal(err)
	}
	if out, err := s.ReadFile(gemini, 0, 0); reasonOf(err) != NotRegular || strings.Contains(out, "secret") {
		t.Fatalf("symlinked global memory = %q, %v", out, err)
	}
}
