package jobs

import (
	"context"
	"errors"

	"github.com/automem/automem/internal/index"
	"github.com/automem/automem/internal/scan"
)

// Deps are the pluggable parts of a run.
type Deps struct {
	// Redact cleans every text that leaves the process (reports, index lines).
	Redact func(string) string
	// History returns the run history of a memory dir (index.AllNew when
	// it has none).
	History func(memoryDir string) index.History
}

// ErrNotAvailable is returned by a real (not dry) run until a later stage exists.
var ErrNotAvailable = errors.New("extraction is not available yet: use --dry-run")

// Run performs one cycle over every target and returns the report.
func Run(ctx context.Context, cfg Config, deps Deps) (Report, error) {
	if deps.Redact == nil {
		deps.Redact = func(s string) string { return s }
	}
	if deps.History == nil {
		deps.History = func(string) index.History { return index.AllNew{} }
	}
	rep := Report{DryRun: cfg.DryRun, Now: rfc3339(cfg.Now), Projects: []ProjectReport{}}
	targets, err := Discover(ctx, cfg)
	if err != nil {
		return rep, err
	}
	for _, t := range targets {
		h := index.History(index.AllNew{})
		if t.Project.MemoryDir != "" {
			h = deps.History(t.Project.MemoryDir)
		}
		lines := index.Build(t.Entries, h, cfg.IndexSize, cfg.MaxNew)
		pr := projectReport(t, h, lines, deps.Redact)
		if cfg.DryRun {
			pr.Status = StatusDryRun
		} else {
			return rep, ErrNotAvailable
		}
		rep.Projects = append(rep.Projects, pr)
	}
	return rep, ctx.Err()
}

func projectReport(t Target, h index.History, lines []index.Line, redact func(string) string) ProjectReport {
	pr := ProjectReport{
		Source: t.Source, ID: t.Project.ID, Root: t.Project.Root, MemoryDir: t.Project.MemoryDir,
		Sessions: make([]SessionReport, 0, len(t.Entries)), Index: make([]string, 0, len(lines)),
	}
	for _, e := range t.Entries {
		pr.Sessions = append(pr.Sessions, sessionReport(e, h))
	}
	for _, l := range lines {
		pr.Index = append(pr.Index, redact(l.Text))
	}
	return pr
}

func sessionReport(e scan.Entry, h index.History) SessionReport {
	sr := SessionReport{
		SessionID: e.ID, Path: e.Path, LastUpdated: rfc3339(e.LastUpdated), UserMessages: e.UserMessages,
		Eligible: e.Eligible, Reason: e.Reason, Error: e.Error,
	}
	if e.ID != "" && e.Reason != scan.ReasonUnreadable {
		st := h.Status(e.ID, e.LastUpdated)
		sr.New, sr.Exhausted = st.New, st.Exhausted
	}
	return sr
}
