package jobs

import (
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/transcript"
)

// antigravityRoots gives Antigravity CLI sessions the workspace each was
// started in, which Antigravity keeps outside the transcripts
// (<root>/history.jsonl), as their project root; a session whose workspace
// is unknown keeps none and is reported without a project.
func antigravityRoots(cfg Config, root string, entries []scan.Entry) {
	ws, err := transcript.AntigravityWorkspaces(root)
	if err != nil {
		cfg.Log.Warn().Err(err).Msg("antigravity workspaces not read")
	}
	for i := range entries {
		if entries[i].ProjectRoot == "" {
			entries[i].ProjectRoot = ws[entries[i].ID]
		}
	}
}
