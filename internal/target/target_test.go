package target

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"own", nil, false},
		{"all", []string{"gemini", "claude", "codex"}, false},
		{"codex, claude,codex", []string{"codex", "claude"}, false},
		{"gemini,cursor", nil, true},
	} {
		got, err := Parse(c.in)
		if (err != nil) != c.err || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v (error %v)", c.in, got, err, c.want, c.err)
		}
	}
}

func TestFindDeepestMarkedRoot(t *testing.T) {
	state, src := t.TempDir(), t.TempDir()
	outer, inner := filepath.Join(src, "mono"), filepath.Join(src, "mono", "svc")
	if err := os.MkdirAll(filepath.Join(inner, "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(state, inner); !errors.Is(err, ErrNoProject) {
		t.Fatalf("empty state dir: %v", err)
	}
	for _, r := range []string{outer, inner} {
		if err := Mark(state, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := Mark(state, outer); err != nil { // again: unchanged
		t.Fatal(err)
	}
	got, err := Find(state, filepath.Join(inner, "pkg"))
	if err != nil || got != inner {
		t.Errorf("Find = %s, %v; want %s", got, err, inner)
	}
	if got, _ := Find(state, outer); got != outer {
		t.Errorf("Find(outer) = %s", got)
	}
	if id := ProjectID(inner); !strings.HasPrefix(id, "svc-") || id == ProjectID(filepath.Join(src, "other", "svc")) {
		t.Errorf("ProjectID(%s) = %s: readable and distinct per root", inner, id)
	}
	if d := Data(state, Claude, inner); filepath.Dir(d) != ProjectDir(state, inner) || filepath.Base(d) != "claude" {
		t.Errorf("Data = %s", d)
	}
}

// TestUpdateSettingsKeepsTheOtherChoice: inbox targets and inbox
// project-file each change one choice of the same settings file; neither
// loses the other's, and a broken file is an error, never overwritten.
func TestUpdateSettingsKeepsTheOtherChoice(t *testing.T) {
	state, root := t.TempDir(), filepath.Join(t.TempDir(), "proj")
	if s, err := LoadSettings(state, root); err != nil || s.ProjectFile || s.Targets != nil {
		t.Fatalf("nothing saved: %+v, %v", s, err)
	}
	if err := UpdateSettings(state, root, func(s *Settings) { s.ProjectFile = true }); err != nil {
		t.Fatal(err)
	}
	if err := UpdateSettings(state, root, func(s *Settings) { s.Targets = []string{Gemini, Claude} }); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSettings(state, root)
	if err != nil || !s.ProjectFile || !reflect.DeepEqual(s.Targets, []string{Gemini, Claude}) {
		t.Fatalf("settings %+v, %v; want both choices", s, err)
	}
	if got, _ := Find(state, root); got != root {
		t.Errorf("saving settings marks the root: Find = %q", got)
	}
	p := filepath.Join(ProjectDir(state, root), settingsName)
	if err := os.WriteFile(p, []byte("{broken"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := UpdateSettings(state, root, func(s *Settings) { s.ProjectFile = false }); err == nil {
		t.Error("a broken settings file was overwritten")
	}
	if b, _ := os.ReadFile(p); string(b) != "{broken" {
		t.Errorf("broken settings changed to %q", b)
	}
}

// TestUpdateSettingsAtOnce: `inbox targets` and `inbox project-file` run
// at the same moment (here: two updates whose read and write are held
// apart) both stick; without the settings' lock each wrote back the old
// value of the other's choice.
func TestUpdateSettingsAtOnce(t *testing.T) {
	state, root := t.TempDir(), filepath.Join(t.TempDir(), "proj")
	slow := func(set func(*Settings)) func(*Settings) {
		return func(s *Settings) { time.Sleep(20 * time.Millisecond); set(s) }
	}
	errs := make(chan error, 2)
	go func() {
		errs <- UpdateSettings(state, root, slow(func(s *Settings) { s.ProjectFile = true }))
	}()
	go func() {
		errs <- UpdateSettings(state, root, slow(func(s *Settings) { s.Targets = []string{Claude, Codex} }))
	}()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	s, err := LoadSettings(state, root)
	if err != nil || !s.ProjectFile || !reflect.DeepEqual(s.Targets, []string{Claude, Codex}) {
		t.Fatalf("settings %+v, %v; want both updates", s, err)
	}
}
