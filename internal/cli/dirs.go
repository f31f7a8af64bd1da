package cli

import "path/filepath"

// DefaultDirs are the default locations both binaries share, as kong
// ${…} variables shown in --help: Claude Code's config dir, Codex's home
// automem's cache dir (the scan cache and the search index) and its state
// dir (the usage ledger): $XDG_STATE_HOME/automem or ~/.local/state/automem.
func DefaultDirs(env *Env) map[string]string {
	cache := env.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		cache = filepath.Join(env.Home, ".cache")
	}
	state := env.Getenv("XDG_STATE_HOME")
	if state == "" {
		state = filepath.Join(env.Home, ".local", "state")
	}
	return map[string]string{
		"claude_dir": filepath.Join(env.Home, ".claude"),
		"codex_home": filepath.Join(env.Home, ".codex"),
		"cache_dir":  filepath.Join(cache, "automem"),
		"state_dir":  filepath.Join(state, "automem"),
	}
}
