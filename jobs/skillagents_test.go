package jobs

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/skills"
)

func TestStampDrafts(t *testing.T) {
	d := memdir.Shared(t.TempDir(), "/g/GEMINI.md", nil)
	draft := "---\nname: run-tests\ndescription: Run the tests.\n---\n# Steps\n"
	write := func(name string) string {
		p := filepath.Join(d.Skills(), name, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(draft), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	read := func(p string) []byte {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}

	// Sessions of Gemini CLI only, into Gemini's memory: untouched.
	own := write("own")
	stampDrafts(d, []string{"own"}, draftAgents(Config{}, Target{Source: "gemini"}), skills.Gemini, zerolog.Nop())
	if got := string(read(own)); got != draft {
		t.Errorf("a single-agent draft changed:\n%s", got)
	}

	// Sessions of Gemini CLI and Claude Code: the draft names both.
	mixed := write("mixed")
	stampDrafts(d, []string{"mixed"}, draftAgents(Config{}, Target{Source: "gemini+claude"}), skills.Gemini, zerolog.Nop())
	if got := skills.Agents(read(mixed)); !reflect.DeepEqual(got, []string{skills.Gemini, skills.Claude}) {
		t.Errorf("mixed draft names %v, want gemini, claude", got)
	}
	if fi, err := os.Stat(mixed); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("stamp changed the file mode: %v %v", fi.Mode(), err)
	}
	if _, err := skills.Load(filepath.Dir(mixed)); err != nil {
		t.Errorf("stamped draft does not load: %v", err)
	}

	// --targets names the agents whose memory gets every candidate.
	all := write("all")
	stampDrafts(d, []string{"all"}, draftAgents(Config{Targets: []string{"gemini", "claude", "codex"}}, Target{Source: "claude"}), skills.Gemini, zerolog.Nop())
	if got := skills.Agents(read(all)); !reflect.DeepEqual(got, []string{skills.Gemini, skills.Claude, skills.Codex}) {
		t.Errorf("--targets draft names %v, want all three", got)
	}

	// A draft that names its agents keeps them.
	stampDrafts(d, []string{"mixed"}, []string{skills.Codex}, skills.Gemini, zerolog.Nop())
	if got := skills.Agents(read(mixed)); !reflect.DeepEqual(got, []string{skills.Gemini, skills.Claude}) {
		t.Errorf("named agents overridden: %v", got)
	}
}

// Existing skills are labelled by the scope of the folder they sit in,
// whichever agent's layout lists the folders.
func TestExistingSkillsScopes(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "repo")
	mk := func(dir string) {
		p := filepath.Join(dir, "s", "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\nname: s\ndescription: d\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		agent string
		roots []string
		want  []string
	}{
		{skills.Gemini, skills.Homes{Gemini: filepath.Join(base, ".gemini")}.Roots(skills.Gemini, root), []string{"user", "user", "workspace", "workspace"}},
		{skills.Codex, skills.Homes{Codex: filepath.Join(base, ".codex")}.Roots(skills.Codex, root), []string{"user", "workspace", "workspace"}},
		{skills.Claude, skills.Homes{Claude: filepath.Join(base, ".claude")}.Roots(skills.Claude, root), []string{"user", "workspace"}},
	} {
		job := &Job{Project: gemini.Project{Root: root}, Dir: memdir.Dir{Agent: c.agent, Data: filepath.Join(base, "data-"+c.agent)}}
		job.Dir.Targets.SkillRoots = c.roots
		for _, r := range c.roots {
			mk(r)
		}
		var got []string
		for _, s := range existingSkills(job) {
			got = append(got, s.Scope)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s scopes = %v, want %v", c.agent, got, c.want)
		}
	}
}
