package claude

import (
	"path/filepath"
	"testing"
)

func TestKey(t *testing.T) {
	for _, c := range []struct{ root, want string }{
		{"/Users/yoavfarhi/dev/pomodoro/claude", "-Users-yoavfarhi-dev-pomodoro-claude"},
		{"/home/maya/work/Client Portal/docs-site", "-home-maya-work-Client-Portal-docs-site"},
		{"/home/u/.config/oc", "-home-u--config-oc"}, // one dash per character, no collapsing
		{"/srv/my_app.v2/", "-srv-my-app-v2"},
		{"/home/ü/x", "-home---x"},  // one per UTF-16 code unit, as in JavaScript
		{"/home/😀/x", "-home----x"}, // outside the BMP: two
	} {
		if got := Key(c.root); got != c.want {
			t.Errorf("Key(%q) = %q, want %q", c.root, got, c.want)
		}
	}
}

func TestLayout(t *testing.T) {
	env := map[string]string{"CLAUDE_CONFIG_DIR": "/cfg/claude"}
	dir := Dir(func(k string) string { return env[k] }, "/home/u")
	if dir != "/cfg/claude" {
		t.Fatalf("Dir = %s, want CLAUDE_CONFIG_DIR", dir)
	}
	if d := Dir(func(string) string { return "" }, "/home/u"); d != "/home/u/.claude" {
		t.Errorf("default Dir = %s", d)
	}
	d := Layout(dir, "/state/p/claude", "/src/app", false)
	if d.Targets.MemoryDir != "/cfg/claude/projects/-src-app/memory" || d.Targets.GlobalMemory != "/cfg/claude/CLAUDE.md" {
		t.Errorf("targets = %+v", d.Targets)
	}
	if d.Targets.ProjectMemory != "" {
		t.Errorf("project file without opting in: %s", d.Targets.ProjectMemory)
	}
	if got := Layout(dir, "/state/p/claude", "/src/app", true).Targets.ProjectMemory; got != filepath.Join("/src/app", "CLAUDE.md") {
		t.Errorf("opted-in project file = %s", got)
	}
	if d.Data != "/state/p/claude" || d.Agent != Agent || d.LegacyIndex != "" {
		t.Errorf("data %s agent %s legacy %q", d.Data, d.Agent, d.LegacyIndex)
	}
}
