package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/fresh"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/upkeep"
	"github.com/automem/automem/jobs"
)

// UpkeepFlags are the settings of the memory upkeep pass that follows an
// extraction.
type UpkeepFlags struct {
	Upkeep         string        `help:"Memory upkeep after extraction: propose merges, replacements and archiving of stale memory for review (${enum})." enum:"on,off" default:"on" env:"AUTOMEM_UPKEEP"`
	UpkeepInterval time.Duration `help:"Least time between two upkeep passes on a project." default:"24h" min:"0s" max:"8760h" env:"AUTOMEM_UPKEEP_INTERVAL"`
	Decay          time.Duration `help:"A memory line no session mentioned for this long (4320h = 180 days) is proposed for the archive." default:"4320h" min:"24h" max:"87600h" env:"AUTOMEM_DECAY"`
	IndexBudget    int           `help:"Most lines of MEMORY.md (Claude Code loads 200): beyond, upkeep proposes moving sections into topic files." default:"200" min:"10" max:"100000" env:"AUTOMEM_INDEX_BUDGET"`
}

func (f UpkeepFlags) config() jobs.UpkeepConfig {
	return jobs.UpkeepConfig{On: f.Upkeep != "off", Interval: f.UpkeepInterval, Decay: f.Decay, IndexBudget: f.IndexBudget,
		Tree: workingTree}
}

// workingTree is the freshness check of a project root: its git index, or
// one walk of the directory.
func workingTree(root string) (upkeep.Tree, error) {
	s, err := fresh.Load(root)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// UpkeepCmd runs the memory upkeep pass alone, now (whatever the interval),
// or with --dry-run shows what it would propose.
type UpkeepCmd struct {
	RunCmd
}

// Run implements `extract upkeep`.
func (c *UpkeepCmd) Run(ctx context.Context, env *cli.Env) error {
	cfg, err := c.config(env)
	if err != nil {
		return err
	}
	cfg.Upkeep.On = true
	deps := jobs.Deps{NewRedactor: func() (*redact.Redactor, error) { return redact.New(redact.Options{}) }}
	rep, err := jobs.Upkeep(ctx, cfg, deps)
	if err != nil && len(rep.Projects) == 0 {
		return exitError(err)
	}
	if c.JSON {
		if werr := writeJSON(env, &rep); werr != nil {
			return fmt.Errorf("write report: %w", werr)
		}
		return exitError(err)
	}
	var b strings.Builder
	for _, p := range rep.Projects {
		fmt.Fprintf(&b, "%s %s (%s)\n", p.Source, orUnknown(p.Root), p.MemoryDir)
		u := p.Upkeep
		switch {
		case p.Error != "":
			fmt.Fprintf(&b, "  failed: %s\n", p.Error)
		case u == nil:
			fmt.Fprintf(&b, "  %s\n", p.Status)
		case u.Skipped != "":
			fmt.Fprintf(&b, "  nothing proposed: %s\n", u.Skipped)
		case len(u.Proposals) == 0:
			b.WriteString("  nothing to propose\n")
		default:
			fmt.Fprintf(&b, "  %s %s\n", map[bool]string{true: "would propose", false: "proposed"}[rep.DryRun], counts(u.Proposals))
			for _, it := range u.Items {
				fmt.Fprintf(&b, "  %s:%d %s: %s\n", filepath.Base(it.Path), it.Line, it.Action, it.Why)
			}
		}
	}
	if _, werr := fmt.Fprint(env.Stdout, b.String()); werr != nil {
		return fmt.Errorf("write report: %w", werr)
	}
	return exitError(err)
}
