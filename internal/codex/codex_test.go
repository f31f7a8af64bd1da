package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/skills"
)

func TestLayoutFollowsWhatCodexReads(t *testing.T) {
	user, home, root := t.TempDir(), t.TempDir(), t.TempDir()
	d := Layout(skills.Homes{Home: user, Codex: home}, "/state/p/codex", root)
	// The skill folders are the ones internal/skills knows for Codex, the
	// user's ~/.agents/skills (where promotion writes) included.
	want := []string{
		filepath.Join(user, ".agents", "skills"), filepath.Join(home, "skills"),
		filepath.Join(root, ".agents", "skills"), filepath.Join(root, ".codex", "skills"),
	}
	if strings.Join(d.Targets.SkillRoots, "|") != strings.Join(want, "|") {
		t.Errorf("skill roots = %v, want %v", d.Targets.SkillRoots, want)
	}
	if d.Targets.MemoryDir != "" {
		t.Errorf("Codex has no private memory, got %s", d.Targets.MemoryDir)
	}
	if d.Targets.GlobalMemory != filepath.Join(home, "AGENTS.md") || d.Targets.ProjectMemory != filepath.Join(root, "AGENTS.md") {
		t.Errorf("targets = %+v", d.Targets)
	}
	for _, s := range append([]string{d.Targets.GlobalMemory, d.Targets.ProjectMemory}, d.Targets.SkillRoots...) {
		if strings.Contains(s, "memories") {
			t.Errorf("a target under Codex's own memories: %s", s)
		}
	}
	// An empty override is skipped by Codex, a non-empty one hides AGENTS.md.
	override := filepath.Join(root, "AGENTS.override.md")
	if err := os.WriteFile(override, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ProjectMemory(root); got != filepath.Join(root, "AGENTS.md") {
		t.Errorf("empty override chosen: %s", got)
	}
	if err := os.WriteFile(override, []byte("- rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ProjectMemory(root); got != override {
		t.Errorf("non-empty override not chosen: %s", got)
	}
	if h := Home(func(k string) string { return map[string]string{"CODEX_HOME": "/x"}[k] }, "/home/u"); h != "/x" {
		t.Errorf("Home ignores CODEX_HOME: %s", h)
	}
}
