package jobs

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/prompt"
	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/sandbox"
	"github.com/automem/automem/internal/tombstone"
	"github.com/automem/automem/internal/transcript"
)

// LLM is the extraction agent over an OpenAI-compatible endpoint.
type LLM struct {
	// Agent carries the endpoint, key and limits; Redact, BeforeTurn and
	// Log are filled per job.
	Agent agent.Config
}

// Name implements Extractor.
func (*LLM) Name() string { return "llm" }

// Extract runs the agent in the sandbox over the session index.
func (l *LLM) Extract(ctx context.Context, job *Job) Outcome {
	byPath := map[string]transcript.Session{}
	sources := map[string]transcript.Source{}
	var offered []string
	for _, line := range job.Lines {
		byPath[line.Entry.Path] = line.Entry.Session
		sources[line.Entry.Path] = line.Entry.Session.Source
		offered = append(offered, line.Entry.Path)
	}
	sb, err := sandbox.New(sandbox.Config{
		Memory:      job.Dir,
		SkillRoots:  job.Dir.Targets.SkillRoots,
		Transcripts: offered,
		// The global and project memory files are context for their
		// patches, read-only.
		ReadOnlyFiles: readOnlyFiles(job.Dir),
		// Each offered transcript is rendered once per run, whatever page
		// the model asks for.
		Render: render.NewPager(sources, job.Redact, render.Options{}).Page,
	})
	if err != nil {
		return Outcome{TerminateReason: "ERROR", Err: err}
	}
	defer sb.Close()

	system, user := llmPrompt(job)
	cfg := l.Agent
	cfg.Redact = job.Redact
	cfg.Log = job.Log
	cfg.BeforeTurn = func(context.Context) error { return job.Fence() }
	cfg.Budget = job.Budget
	res := agent.Run(ctx, cfg, sb, system, user)

	out := Outcome{
		TerminateReason: string(res.Reason), Turns: res.Turns, Model: cfg.Model,
		Tokens: res.Tokens, Cost: res.Cost, BytesSent: res.BytesSent,
		Err: res.Err,
	}
	if !res.BackoffUntil.IsZero() {
		// The provider's reset is on the wall clock; the run records and
		// throttles on job.Now (--now), so carry the wait over to it.
		now := time.Now
		if cfg.Now != nil {
			now = cfg.Now
		}
		out.BackoffUntil = job.Now.Add(res.BackoffUntil.Sub(now()))
	}
	if res.Reason == agent.Budget {
		// Not a failure: what was read gets processed, the rest waits.
		job.Log.Warn().Err(res.Err).Msg("extraction stopped by its budget")
		out.Err = nil
	}
	for _, p := range res.SessionsRead {
		if s, ok := byPath[p]; ok {
			out.Read = append(out.Read, s.ID)
		}
	}
	for _, p := range sb.TranscriptsFailed() {
		if s, ok := byPath[p]; ok {
			out.Failed = append(out.Failed, s.ID)
		}
	}
	job.Log.Info().Str("terminate", out.TerminateReason).Int("turns", res.Turns).Int("toolCalls", res.ToolCalls).
		Int("toolErrors", res.ToolErrors).Int64("bytesSent", res.BytesSent).Int("read", len(out.Read)).Msg("agent finished")
	return out
}

// llmPrompt is the system and first user message of a job: paths, the
// session index, known skills, pending and dismissed candidates.
func llmPrompt(job *Job) (system, user string) {
	in := prompt.Input{
		Memory: job.Dir,
		Skills: existingSkills(job),
	}
	for _, line := range job.Lines {
		in.Index = append(in.Index, job.Redact(line.Text))
	}
	in.Pending = pendingPatches(job.Dir, job.Redact)
	if tomb, err := tombstone.Load(job.Dir.Tombstones()); err == nil {
		in.Dismissed = tomb.Texts()
	}
	return prompt.System(in.Memory), prompt.User(in)
}

// pendingPatches lists the patches waiting in the inbox, for the prompt.
func pendingPatches(d memdir.Dir, redact func(string) string) []prompt.Pending {
	var out []prompt.Pending
	add := func(kind patch.Kind, dir string) {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.patch"))
		sort.Strings(matches)
		for _, m := range matches {
			if data, err := os.ReadFile(m); err == nil {
				out = append(out, prompt.Pending{Kind: kind, Name: filepath.Base(m), Body: redact(string(data))})
			}
		}
	}
	for _, kind := range memdir.Kinds() {
		add(kind, d.Inbox(kind))
	}
	add(patch.Skill, d.Skills())
	return out
}

// readOnlyFiles are the memory files outside the memory dir that the model
// may read to quote context: the global file and, when the agent has one,
// the repository's project file.
func readOnlyFiles(d memdir.Dir) []string {
	out := []string{d.Targets.GlobalMemory}
	if d.Targets.ProjectMemory != "" {
		out = append(out, d.Targets.ProjectMemory)
	}
	return out
}
