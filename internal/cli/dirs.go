package cli

import "path/filepath"

// DefaultDirs are the default locations both binaries share, as kong
// ${…} variables shown in --help: Claude Code's config dir, Codex's home
// and automem's cache dir (the scan cache and the search index).
func DefaultDirs(env *Env) map[string]string {
	cache := env.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		cache = filepath.Join(env.Home, ".cache")
	}
	return map[string]string{
		"claude_dir": filepath.Join(env.Home, ".claude"),
		"codex_home": filepath.Join(env.Home, ".codex"),
		"cache_dir":  filepath.Join(cache, "automem"),
	}
}
