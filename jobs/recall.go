package jobs

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/recall"
	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/skills"
	"github.com/automem/automem/internal/transcript"
)

// RecallKey is how the search index names a project: its root when known,
// else its Gemini id.
func RecallKey(p gemini.Project) string {
	if p.Root != "" {
		return p.Root
	}
	return "id:" + p.ID
}

// Recall is the index stage: it brings the search index in the cache dir
// in line with what this run scanned, reading only the sessions and files
// that changed (the scan's entries say which sessions exist and when they
// last changed). A run whose scope is unchanged does not open the
// database. Never called by a dry run. red must be the redaction hook:
// only redacted text enters the index.
func Recall(ctx context.Context, cfg Config, targets []Target, red func(string) string) (recall.Stats, error) {
	snap := RecallSnapshot(cfg, targets)
	return recall.Update(ctx, recall.Path(cfg.CacheDir), snap, recall.Options{Redact: red, Log: cfg.Log})
}

// RecallSnapshot lists what the index should hold for the scanned
// targets: their main sessions and every memory file of their projects,
// plus the global files.
func RecallSnapshot(cfg Config, targets []Target) recall.Snapshot {
	var snap recall.Snapshot
	for _, s := range sources(cfg.Source) {
		snap.Scope.Agents = append(snap.Scope.Agents, s)
	}
	if cfg.Project != "" {
		snap.Scope.Projects = []string{}
	}
	memDirs := map[string]bool{}
	for _, t := range targets {
		key := RecallKey(t.Project)
		if snap.Scope.Projects != nil {
			snap.Scope.Projects = append(snap.Scope.Projects, key)
		}
		for _, e := range t.Entries {
			if e.ID == "" || e.Kind == transcript.KindSubagent || e.Reason == scan.ReasonUnreadable || e.Reason == scan.ReasonDuplicate {
				continue
			}
			snap.Sessions = append(snap.Sessions, recall.Session{
				Agent: string(e.Source), ID: e.ID, Path: e.Path, Source: e.Source, Project: key, Updated: e.LastUpdated,
			})
		}
		if t.Dir.Data != "" && !memDirs[t.Dir.Data] {
			memDirs[t.Dir.Data] = true
			snap.Files = append(snap.Files, memoryFiles(t.Dir, key)...)
		}
		if t.Project.Root != "" {
			for _, name := range []string{"GEMINI.md", "CLAUDE.md", "AGENTS.md"} {
				snap.Files = append(snap.Files, recall.File{Path: filepath.Join(t.Project.Root, name), Kind: recall.KindMemory,
					Agent: agentOfFile(name), Project: key})
			}
		}
	}
	snap.Files = append(snap.Files, globalFiles(cfg)...)
	return snap
}

// memoryFiles lists a memory's files worth recalling: MEMORY.md and the
// topic files, archive.md (KindArchive), dream.md, skill drafts, pending
// candidates and evidence.
func memoryFiles(d memdir.Dir, project string) []recall.File {
	var out []recall.File
	add := func(path, kind string) {
		out = append(out, recall.File{Path: path, Kind: kind, Agent: d.Agent, Project: project})
	}
	if ents, err := os.ReadDir(d.Targets.MemoryDir); err == nil {
		for _, e := range ents {
			switch name := e.Name(); {
			case e.IsDir() || !strings.HasSuffix(name, ".md"):
			case name == "archive.md":
				add(filepath.Join(d.Targets.MemoryDir, name), recall.KindArchive)
			default:
				add(filepath.Join(d.Targets.MemoryDir, name), recall.KindMemory)
			}
		}
	}
	walk := func(dir, suffix string) {
		_ = filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(path, suffix) {
				add(path, recall.KindMemory)
			}
			return nil
		})
	}
	walk(d.Skills(), ".md")
	walk(d.InboxRoot(), ".patch")
	add(d.Evidence(), recall.KindMemory)
	return out
}

// globalFiles are the agents' user-wide memory files and user skills,
// searched with every project.
func globalFiles(cfg Config) []recall.File {
	var out []recall.File
	if cfg.GeminiDir != "" {
		out = append(out, recall.File{Path: gemini.GlobalMemory(cfg.GeminiDir), Kind: recall.KindMemory, Agent: SourceGemini})
		user := skills.Homes{Gemini: cfg.GeminiDir}.Folders(skills.Gemini, skills.User, "")[0]
		_ = filepath.WalkDir(user, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
				out = append(out, recall.File{Path: path, Kind: recall.KindMemory, Agent: SourceGemini})
			}
			return nil
		})
	}
	if cfg.ClaudeDir != "" {
		out = append(out, recall.File{Path: filepath.Join(cfg.ClaudeDir, "CLAUDE.md"), Kind: recall.KindMemory, Agent: SourceClaude})
	}
	if cfg.CodexHome != "" {
		out = append(out, recall.File{Path: filepath.Join(cfg.CodexHome, "AGENTS.md"), Kind: recall.KindMemory, Agent: SourceCodex})
	}
	return out
}

func agentOfFile(name string) string {
	switch name {
	case "CLAUDE.md":
		return SourceClaude
	case "AGENTS.md":
		return SourceCodex
	}
	return SourceGemini
}
