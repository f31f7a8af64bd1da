package skills

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeDraft(t *testing.T, dir, fm string, extra map[string]os.FileMode) {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(fm+"\n# Steps\n"), 0o644)
	for rel, mode := range extra {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("echo hi\n"), mode)
	}
}

func TestFrontmatter(t *testing.T) {
	tests := []struct {
		in, name, desc, err string
	}{
		{"---\nname: deploy-app\ndescription: Deploy the app.\n---\n", "deploy-app", "Deploy the app.", ""},
		{"---\nname: \"q\"\ndescription: 'd'\n---", "q", "d", ""},
		{"name: x\n", "", "", "no frontmatter"},
		{"---\nname: x\ndescription: >\n  long\n---\n", "", "", "one line"},
		{"---\nname: x\ndescription: d\n", "", "", "not closed"},
		{"---\ndescription: d\n---\n", "", "", "no name"},
	}
	for _, tt := range tests {
		n, d, err := Frontmatter([]byte(tt.in))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Frontmatter(%q) err = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || n != tt.name || d != tt.desc {
			t.Errorf("Frontmatter(%q) = %q, %q, %v", tt.in, n, d, err)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"a", "deploy-app", "k8s-rollout", strings.Repeat("a", 63)} {
		if err := CheckName(ok); err != nil {
			t.Errorf("CheckName(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "a/b", `a\b`, "Deploy", "a--b", "-a", "a_b", strings.Repeat("a", 64)} {
		if CheckName(bad) == nil {
			t.Errorf("CheckName(%q) accepted", bad)
		}
	}
	if Normalize(`GKE:prs-Troubleshooter`) != "gke-prs-troubleshooter" {
		t.Errorf("Normalize = %q", Normalize(`GKE:prs-Troubleshooter`))
	}
}

func TestLoadRefusesSymlink(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "deploy")
	writeDraft(t, dir, "---\nname: deploy\ndescription: d\n---", nil)
	os.Symlink("/etc/passwd", filepath.Join(dir, "leak"))
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Errorf("Load = %v, want symlink refusal", err)
	}
}

func TestPromote(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "memory", "skills", "deploy")
	writeDraft(t, dir, "---\nname: deploy\ndescription: d\n---", map[string]os.FileMode{"scripts/run.sh": 0o755, "ref.md": 0o644})
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !d.HasExec() || len(d.Files) != 3 {
		t.Fatalf("draft = %+v", d)
	}
	dest := filepath.Join(root, "user-skills")
	if _, err := Promote(d, []string{dest}, false); !errors.Is(err, ErrNeedsConfirmation) {
		t.Fatalf("Promote without confirmation = %v", err)
	}
	pr, err := Promote(d, []string{dest}, true)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(pr.Dests[0], "scripts", "run.sh"))
	if err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("script not copied executable: %v %v", fi, err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("draft not removed")
	}
	if len(pr.Changes) != 6 {
		t.Errorf("changes = %d, want 3 created + 3 removed", len(pr.Changes))
	}
	ents, _ := os.ReadDir(dest)
	if len(ents) != 1 {
		t.Errorf("staging left behind: %v", ents)
	}
	// A second draft whose name collides after normalisation is refused.
	dir2 := filepath.Join(root, "memory", "skills", "other")
	writeDraft(t, dir2, "---\nname: other\ndescription: d\n---", nil)
	os.MkdirAll(filepath.Join(dest, "x"), 0o755)
	os.WriteFile(filepath.Join(dest, "x", "SKILL.md"), []byte("---\nname: OTHER\ndescription: d\n---\n"), 0o644)
	d2, _ := Load(dir2)
	if _, err := Promote(d2, []string{dest}, false); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("colliding promote = %v", err)
	}
	if _, err := os.Stat(dir2); err != nil {
		t.Errorf("refused draft was touched: %v", err)
	}
}

func FuzzFrontmatter(f *testing.F) {
	f.Add([]byte("---\nname: a\ndescription: b\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, d, err := Frontmatter(data)
		if err == nil && (n == "" || d == "" || strings.Contains(d, "\n")) {
			t.Errorf("accepted bad frontmatter %q -> %q %q", data, n, d)
		}
	})
}
