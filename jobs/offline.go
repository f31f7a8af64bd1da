package jobs

import (
	"context"
	"fmt"

	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/tombstone"
)

// Offline is the deterministic extractor used when no model is configured.
type Offline struct{}

// Name implements Extractor.
func (Offline) Name() string { return "offline" }

// Extract mines the NEW sessions (older eligible ones as support).
func (Offline) Extract(ctx context.Context, job *Job) Outcome {
	out := Outcome{TerminateReason: "GOAL"}
	tomb, err := tombstone.Load(job.Dir.Tombstones())
	if err != nil {
		job.Log.Warn().Err(err).Msg("tombstones unreadable; dismissed items may come back")
	}
	offered := map[string]bool{}
	for _, e := range job.Offered {
		offered[e.ID] = true
	}
	in := offline.Input{
		Dir: job.Dir, Read: offline.ReadTranscript, Tombstones: tomb, SkillNames: installedSkillNames(job),
		Redact: job.Redact, Now: job.Now,
	}
	for _, e := range job.Eligible {
		in.Sessions = append(in.Sessions, offline.Session{Session: e.Session, New: offered[e.ID]})
	}
	if err := job.Fence(); err != nil {
		out.TerminateReason, out.Err = "ABORTED", err
		return out
	}
	res, err := offline.Extract(ctx, in, job.Log)
	for _, w := range res.Warnings {
		job.Log.Warn().Msg(w)
	}
	if err != nil {
		out.TerminateReason, out.Err = "ERROR", fmt.Errorf("offline extractor: %w", err)
		if ctx.Err() != nil {
			out.TerminateReason = "ABORTED"
		}
		return out
	}
	for id, v := range res.Verdicts {
		if v == offline.Read {
			out.Read = append(out.Read, id)
		}
	}
	out.Turns = 1
	return out
}
