package main

import (
	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/skills"
)

// skillHomes are the agents' directories (their memory and their skill
// folders), each resolved as that agent does: CLAUDE_CONFIG_DIR and
// CODEX_HOME when set, else their defaults under the home directory.
func skillHomes(env *cli.Env, geminiDir string) skills.Homes {
	return skills.Homes{
		Home:   env.Home,
		Gemini: geminiDir,
		Claude: claude.Dir(env.Getenv, env.Home),
		Codex:  codex.Home(env.Getenv, env.Home),
	}
}
