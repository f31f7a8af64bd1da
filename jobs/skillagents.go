package jobs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/skills"
)

// draftAgents are the agents a skill draft of this target is meant for:
// the agents --targets names, whose memory gets every candidate, else the
// agents whose sessions it was mined from ("gemini+claude" names both).
func draftAgents(cfg Config, t Target) []string {
	if len(cfg.Targets) > 0 {
		return cfg.Targets
	}
	var out []string
	for _, s := range strings.Split(t.Source, "+") {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// stampDrafts writes into each new draft's SKILL.md the agents it is meant
// for (metadata.agents, skills.WithAgents), so that promotion copies it
// into those agents' skill folders. A draft meant only for the agent whose
// memory this is needs no stamp (promotion defaults to that agent), so a
// single-agent setup's drafts stay byte for byte as they were; a draft
// that already names agents is left alone.
func stampDrafts(d memdir.Dir, names, agents []string, own string, log zerolog.Logger) {
	if len(agents) == 0 || len(agents) == 1 && agents[0] == own {
		return
	}
	for _, name := range names {
		p := filepath.Join(d.Skills(), name, "SKILL.md")
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		stamped := skills.WithAgents(data, agents)
		if len(stamped) == len(data) {
			continue
		}
		if err := atomicfile.Write(p, stamped, fi.Mode().Perm()); err != nil {
			log.Warn().Err(err).Str("draft", name).Msg("could not record which agents the skill draft is for")
		}
	}
}
