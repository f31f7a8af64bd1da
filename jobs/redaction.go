package jobs

import (
	"context"
	"os"
	"path/filepath"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/scan"
)

// redactor wraps the optional redactor: every text that leaves the process
// or is kept in the inbox goes through it.
type redactor struct {
	r   *redact.Redactor
	log zerolog.Logger
}

// text returns the hook for model-bound and reported text: fail-closed, a
// text that cannot be redacted becomes redact.Withheld.
func (x redactor) text(ctx context.Context) func(string) string {
	if x.r == nil {
		return func(s string) string { return s }
	}
	return x.r.Hook(ctx, func(err error) {
		x.log.Warn().Err(err).Msg("text withheld: redaction failed")
	}, nil)
}

// file redacts one file an extractor wrote; a file that cannot be redacted
// is removed rather than kept with a secret in it.
func (x redactor) file(ctx context.Context, memoryDir, rel string, log zerolog.Logger) {
	if x.r == nil {
		return
	}
	root, err := os.OpenRoot(memoryDir)
	if err != nil {
		log.Error().Err(err).Msg("open memory dir for redaction")
		return
	}
	defer root.Close()
	found, err := x.r.File(ctx, root, filepath.FromSlash(rel))
	if err != nil {
		log.Error().Err(err).Str("file", rel).Msg("redaction failed; candidate removed")
		_ = root.Remove(filepath.FromSlash(rel))
		return
	}
	if len(found) > 0 {
		log.Warn().Str("file", rel).Object("redacted", redact.Findings(found)).Msg("secrets removed from a candidate")
	}
}

// countRedactions tallies, per rule, what redaction would remove from the
// rendering of one session that a model would be sent.
func (x redactor) count(ctx context.Context, e scan.Entry) map[string]int {
	if x.r == nil {
		return nil
	}
	var all redact.Findings
	hook := x.r.Hook(ctx, func(error) { all = all.Merge([]redact.Finding{{Rule: redact.WithheldRule, Count: 1}}) },
		func(f []redact.Finding) { all = all.Merge(f) })
	if _, err := render.File(e.Path, e.Source, hook, render.Options{}); err != nil {
		return map[string]int{"unreadable": 1}
	}
	out := map[string]int{}
	for _, f := range all {
		out[f.Rule] += f.Count
	}
	return out
}
