package schedule

import (
	"fmt"
	"path/filepath"
)

// Paths are the per-user locations the files are rendered for. They are
// computed once from the command's environment so that rendering is a pure
// function and tests can point everything at a temp dir.
type Paths struct {
	// Exe is the absolute path of the extract binary the timer runs.
	Exe string
	// Home is the user's home directory.
	Home string
	// ConfigHome is $XDG_CONFIG_HOME, else ~/.config. systemd's %E is the
	// same directory for a user manager.
	ConfigHome string
	// CacheHome is $XDG_CACHE_HOME, else ~/.cache.
	CacheHome string
}

// NewPaths builds Paths from the home directory, the running binary and the
// environment. Relative XDG values are ignored, as the XDG spec requires.
func NewPaths(home, exe string, getenv func(string) string) (Paths, error) {
	if !filepath.IsAbs(home) {
		return Paths{}, fmt.Errorf("home directory %q is not absolute", home)
	}
	if !filepath.IsAbs(exe) {
		return Paths{}, fmt.Errorf("binary path %q is not absolute", exe)
	}
	p := Paths{Exe: filepath.Clean(exe), Home: filepath.Clean(home)}
	p.ConfigHome = xdg(getenv, "XDG_CONFIG_HOME", filepath.Join(p.Home, ".config"))
	p.CacheHome = xdg(getenv, "XDG_CACHE_HOME", filepath.Join(p.Home, ".cache"))
	return p, nil
}

func xdg(getenv func(string) string, name, def string) string {
	if getenv == nil {
		return def
	}
	if v := getenv(name); v != "" && filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return def
}

// Inbox is the sibling review tool, named in install output so the user
// knows what to run once candidates appear.
func (p Paths) Inbox() string { return filepath.Join(filepath.Dir(p.Exe), "inbox") }

// UnitDir is where systemd looks for the user's own units.
func (p Paths) UnitDir() string { return filepath.Join(p.ConfigHome, "systemd", "user") }

// AgentDir is where launchd loads per-user agents from.
func (p Paths) AgentDir() string { return filepath.Join(p.Home, "Library", "LaunchAgents") }

// LogDir holds the LaunchAgent's stdout/stderr; launchd does not create it.
func (p Paths) LogDir() string { return filepath.Join(p.Home, "Library", "Logs", "automem") }

// KeyFile is the API key file: LoadCredential= source on Linux,
// --api-key-file on macOS. It matches the unit's %E/automem/api-key.
func (p Paths) KeyFile() string { return filepath.Join(p.ConfigHome, "automem", "api-key") }

// CronLog is where the suggested crontab line appends output.
func (p Paths) CronLog() string { return filepath.Join(p.CacheHome, "automem", "extract.log") }
