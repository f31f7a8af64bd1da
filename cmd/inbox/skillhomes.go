package main

import (
	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/skills"
)

// skillHomes are the agents' directories whose skill folders promotion
// writes to, each resolved as that agent does: CLAUDE_CONFIG_DIR and
// CODEX_HOME when set, else their defaults under the home directory.
func skillHomes(env *cli.Env, geminiDir string) skills.Homes {
	defaults := cli.DefaultDirs(env)
	h := skills.Homes{Home: env.Home, Gemini: geminiDir, Claude: env.Getenv("CLAUDE_CONFIG_DIR"), Codex: env.Getenv("CODEX_HOME")}
	if h.Claude == "" {
		h.Claude = defaults["claude_dir"]
	}
	if h.Codex == "" {
		h.Codex = defaults["codex_home"]
	}
	return h
}
