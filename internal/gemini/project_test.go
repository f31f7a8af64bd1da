package gemini

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestProjects(t *testing.T) {
	g := t.TempDir()
	write(t, filepath.Join(g, "projects.json"), `{"projects":{"/src/alpha":"alpha","/src/beta one":"beta-one","/src/legacy":"legacy"}}`)
	write(t, filepath.Join(g, "tmp/alpha/.project_root"), "/src/alpha\n")
	write(t, filepath.Join(g, "tmp/alpha/chats/session-x.jsonl"), "")
	write(t, filepath.Join(g, "tmp/beta-one/memory/MEMORY.md"), "")
	// legacy hash dir of a root that also has a slug dir: folded
	write(t, filepath.Join(g, "tmp", RootHash("/src/alpha"), "chats/session-y.json"), "")
	// legacy hash dir alone: root from the registry hash
	write(t, filepath.Join(g, "tmp", RootHash("/src/legacy"), "chats/session-z.json"), "")
	// logs-only dir is not a project
	write(t, filepath.Join(g, "tmp/stray/logs.json"), "[]")

	ps, err := Projects(g)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Project{}
	for _, p := range ps {
		got[p.ID] = p
	}
	if len(got) != 3 {
		t.Fatalf("want 3 projects, got %d: %+v", len(got), ps)
	}
	if a := got["alpha"]; a.Root != "/src/alpha" || len(a.ExtraChatsDirs) != 1 || a.MemoryDir != filepath.Join(g, "tmp/alpha/memory") {
		t.Errorf("alpha = %+v", a)
	}
	if b := got["beta-one"]; b.Root != "/src/beta one" {
		t.Errorf("beta root from registry = %q", b.Root)
	}
	if l := got[RootHash("/src/legacy")]; l.Root != "/src/legacy" {
		t.Errorf("legacy root = %q", l.Root)
	}
	p, err := match(ps, "/src/alpha/sub/dir")
	if err != nil || p.ID != "alpha" {
		t.Errorf("match = %+v, %v", p, err)
	}
	if _, err := match(ps, "/elsewhere"); err == nil {
		t.Error("match outside every root should fail")
	}
}

func TestSlugAndDir(t *testing.T) {
	for in, want := range map[string]string{"/a/My Project!": "my-project", "/a/--": "project", "/x/gemini_cli.v2": "gemini-cli-v2"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	env := func(k string) string {
		if k == "GEMINI_CLI_HOME" {
			return "/alt"
		}
		return ""
	}
	if got := Dir(env, "/home/u"); got != "/alt/.gemini" {
		t.Errorf("Dir = %q", got)
	}
	if got := Dir(func(string) string { return "" }, "/home/u"); got != "/home/u/.gemini" {
		t.Errorf("Dir = %q", got)
	}
}
