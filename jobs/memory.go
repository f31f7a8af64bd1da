package jobs

import (
	"fmt"
	"os"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/target"
)

// prepare creates the memory's data dir (and the skill drafts dir in it)
// before the lock is taken there; a memory kept in automem's state dir
// also names its project root, so inbox finds it from a working directory.
func (p *project) prepare() error {
	if p.dir.Agent != gemini.Agent && p.t.Project.Root != "" {
		if err := target.Mark(p.cfg.StateDir, p.t.Project.Root); err != nil {
			return fmt.Errorf("prepare memory dir: %w", err)
		}
	}
	if err := os.MkdirAll(p.dir.Skills(), 0o700); err != nil {
		return fmt.Errorf("prepare memory dir: %w", err)
	}
	if len(p.cfg.Targets) > 1 && p.t.Project.Root != "" {
		// One decision spans these memories: inbox reads the setting.
		if err := target.UpdateSettings(p.cfg.StateDir, p.t.Project.Root, func(s *target.Settings) { s.Targets = p.cfg.Targets }); err != nil {
			return fmt.Errorf("prepare memory dir: %w", err)
		}
	}
	return nil
}

// noMemoryWhy says why a target has no memory to write into.
func noMemoryWhy(t Target) string {
	switch {
	case t.Source == SourceGemini || t.Project.Root != "":
		return "no Gemini CLI project for this root"
	default:
		return "the sessions record no project directory"
	}
}

// dataDir is the memory's data dir when it is not its memory dir.
func dataDir(d memdir.Dir) string {
	if d.Data == d.Targets.MemoryDir {
		return ""
	}
	return d.Data
}

// alsoTargets maps each mirror's agent to its files per kind.
func alsoTargets(mirrors []memdir.Dir) map[string]map[string]string {
	if len(mirrors) == 0 {
		return nil
	}
	out := map[string]map[string]string{}
	for _, m := range mirrors {
		out[m.Agent] = m.Files()
	}
	return out
}
