package target

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/atomicfile"
)

// settingsName is a project's settings file in its project dir.
const settingsName = "settings.json"

// Settings are the per-project choices a person makes with inbox targets
// (or extract --targets): which agents' memory receives the project's
// candidates. With two or more, one decision in inbox applies to all.
// ProjectFile (inbox project-file, or extract --project-file) opts the
// project into the repository's shared instruction file (<root>/GEMINI.md,
// <root>/CLAUDE.md) for facts a teammate also needs; off, those facts stay
// in the private memory as before. Codex writes <root>/AGENTS.md either way.
type Settings struct {
	Targets     []string `json:"targets"`
	ProjectFile bool     `json:"projectFile,omitempty"`
}

// LoadSettings reads a root's settings; none saved is the zero value.
func LoadSettings(stateDir, root string) (Settings, error) {
	var s Settings
	p := filepath.Join(ProjectDir(stateDir, root), settingsName)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("read project settings %s: %w", p, err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("read project settings %s: %w", p, err)
	}
	if _, err := Parse(joinAgents(s.Targets)); err != nil {
		return Settings{}, fmt.Errorf("project settings %s: %w", p, err)
	}
	return s, nil
}

// saveSettings writes a root's settings atomically.
func saveSettings(stateDir, root string, s Settings) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	p := filepath.Join(ProjectDir(stateDir, root), settingsName)
	if err := atomicfile.Write(p, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("save project settings %s: %w", p, err)
	}
	return nil
}

// UpdateSettings changes one choice of a root's settings and keeps the
// others (read, change, write atomically), holding the settings' lock so
// that `inbox targets` and `inbox project-file` run at once both stick.
func UpdateSettings(stateDir, root string, change func(*Settings)) error {
	if err := Mark(stateDir, root); err != nil {
		return err
	}
	release, err := atomicfile.Lock(filepath.Join(ProjectDir(stateDir, root), settingsName))
	if err != nil {
		return err
	}
	defer release()
	s, err := LoadSettings(stateDir, root)
	if err != nil {
		return err
	}
	change(&s)
	return saveSettings(stateDir, root, s)
}

// Shared reports whether one decision spans several agents' memories.
func (s Settings) Shared() bool { return len(s.Targets) > 1 }

func joinAgents(as []string) string { return strings.Join(as, ",") }
