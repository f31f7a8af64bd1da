package skills

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestFolders(t *testing.T) {
	h := Homes{Home: "/h", Gemini: "/g/.gemini", Claude: "/c", Codex: "/x"}
	cases := []struct {
		agent string
		scope Scope
		root  string
		want  []string
	}{
		{Gemini, User, "", []string{"/g/.gemini/skills", "/g/.agents/skills"}}, // GEMINI_CLI_HOME moves the alias too
		{Gemini, Workspace, "/w", []string{"/w/.gemini/skills", "/w/.agents/skills"}},
		{Claude, User, "", []string{"/c/skills"}},
		{Claude, Workspace, "/w", []string{"/w/.claude/skills"}},
		{Codex, User, "", []string{"/h/.agents/skills", "/x/skills"}},
		{Codex, Workspace, "/w", []string{"/w/.agents/skills", "/w/.codex/skills"}},
		{Codex, Workspace, "", nil},
		{"qwen", User, "", nil},
	}
	for _, c := range cases {
		if got := h.Folders(c.agent, c.scope, c.root); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Folders(%s, %s, %q) = %v, want %v", c.agent, c.scope, c.root, got, c.want)
		}
	}
	if got, want := h.Roots(Gemini, "/w"), []string{"/g/.gemini/skills", "/g/.agents/skills", "/w/.gemini/skills", "/w/.agents/skills"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Roots(gemini) = %v, want %v", got, want)
	}
}

func TestDestinations(t *testing.T) {
	h := Homes{Home: "/h", Gemini: "/h/.gemini", Claude: "/h/.claude", Codex: "/h/.codex"}
	cases := []struct {
		agents []string
		scope  Scope
		want   []string
	}{
		{[]string{Gemini}, User, []string{"/h/.gemini/skills"}}, // as before for a Gemini-only setup
		{[]string{Claude}, Workspace, []string{"/w/.claude/skills"}},
		{[]string{Gemini, Codex}, User, []string{"/h/.agents/skills"}}, // one folder both load
		{[]string{Gemini, Claude, Codex}, Workspace, []string{"/w/.agents/skills", "/w/.claude/skills"}},
		{[]string{Claude, Claude}, User, []string{"/h/.claude/skills"}},
	}
	for _, c := range cases {
		if got := h.Destinations(c.agents, c.scope, "/w"); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Destinations(%v, %s) = %v, want %v", c.agents, c.scope, got, c.want)
		}
	}
}

func TestAgents(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"---\nname: a\ndescription: d\nmetadata:\n  agents: claude, codex\n---\n", []string{Claude, Codex}},
		{"---\nname: a\ndescription: d\nmetadata:\n  short-description: s\n  agents: \"gemini claude gemini qwen\"\n---\n", []string{Gemini, Claude}},
		{"---\nname: a\ndescription: d\n---\n", nil},
		{"---\nagents: claude\nname: a\n---\n", nil}, // only inside metadata
		{"no frontmatter", nil},
	}
	for _, c := range cases {
		if got := Agents([]byte(c.in)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Agents(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestWithAgents(t *testing.T) {
	plain := "---\nname: run-tests\ndescription: Run the tests.\n---\n# Steps\n"
	got := string(WithAgents([]byte(plain), []string{"claude", "codex"}))
	want := "---\nname: run-tests\ndescription: Run the tests.\nmetadata:\n  agents: claude, codex\n---\n# Steps\n"
	if got != want {
		t.Errorf("WithAgents added\n%s\nwant\n%s", got, want)
	}
	if n, d, err := Frontmatter([]byte(got)); err != nil || n != "run-tests" || d != "Run the tests." {
		t.Errorf("stamped frontmatter reads %q %q %v", n, d, err)
	}
	withMeta := "---\nname: a\ndescription: d\nmetadata:\n  short-description: s\n---\n"
	if got := Agents(WithAgents([]byte(withMeta), []string{"gemini"})); !reflect.DeepEqual(got, []string{Gemini}) {
		t.Errorf("agents added to an existing metadata map: %v", got)
	}
	named := "---\nname: a\ndescription: d\nmetadata:\n  agents: codex\n---\n"
	if got := string(WithAgents([]byte(named), []string{"claude"})); got != named {
		t.Errorf("agents a draft names were overridden:\n%s", got)
	}
	if got := string(WithAgents([]byte(plain), []string{"qwen"})); got != plain {
		t.Errorf("an unknown agent was written:\n%s", got)
	}
}

func TestPromoteToSeveralFolders(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "memory", "skills", "deploy")
	writeDraft(t, dir, "---\nname: deploy\ndescription: d\nmetadata:\n  agents: gemini, claude\n---", nil)
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d.Agents, []string{Gemini, Claude}) {
		t.Errorf("draft agents = %v", d.Agents)
	}
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	pr, err := Promote(d, []string{a, b}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{a, b} {
		if _, err := os.Stat(filepath.Join(r, "deploy", "SKILL.md")); err != nil {
			t.Errorf("not promoted into %s: %v", r, err)
		}
	}
	if len(pr.Dests) != 2 || len(pr.Changes) != 3 {
		t.Errorf("promotion = %+v", pr)
	}
	// A destination that is not a folder is refused before anything is
	// copied anywhere, and the draft stays.
	dir2 := filepath.Join(root, "memory", "skills", "build")
	writeDraft(t, dir2, "---\nname: build\ndescription: d\n---", nil)
	d2, _ := Load(dir2)
	blocked := filepath.Join(root, "file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Promote(d2, []string{a, blocked}, false); err == nil {
		t.Fatal("promotion into a file was not refused")
	}
	if _, err := os.Stat(filepath.Join(a, "build")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("partial promotion left %s/build behind", a)
	}
	if _, err := os.Stat(filepath.Join(dir2, "SKILL.md")); err != nil {
		t.Errorf("draft lost after a failed promotion: %v", err)
	}
}
