// Package memdir is the one place that knows where every file of a memory
// lives, so no other package spells ".inbox", "extraction.patch" or
// ".automem". A memory has two halves that need not share a directory:
// automem's own data (the inbox, skill drafts, the extraction lock and state,
// the rejected candidates, evidence, tombstones, history and apply journal)
// and the targets its patches change (the private memory dir, the global
// memory file, the skill roots). Gemini CLI keeps both in one directory,
// because Gemini CLI reads the same inbox, lock and state; agents that have
// no inbox of their own keep automem's data in automem's state dir while
// their memory files stay where that agent reads them.
package memdir

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/audience"
	"github.com/automem/automem/internal/patch"
)

// Names of the files and directories inside Data. The inbox, lock and state
// names are Gemini CLI's own: a Gemini memory shares them with it.
const (
	inboxDir  = ".inbox"
	patchName = "extraction.patch"
	lockName  = ".extraction.lock"
	stateName = ".extraction-state.json"
	skillsDir = "skills"
	ownDir    = ".automem" // automem-only files, where Gemini CLI never looks
)

// Dir says where the files of one memory live.
type Dir struct {
	// Agent names the coding agent that loads this memory ("gemini",
	// "claude", "codex"): the prompt and the inbox say whose files they are.
	Agent string
	// Data is the directory of automem's own files for this memory. For
	// Gemini CLI it is the memory dir itself (~/.gemini/tmp/<slug>/memory).
	Data string
	// Targets are the files each patch kind may change: the private memory
	// dir, the global memory file, the project file and the skill roots.
	// An agent without a private memory (Codex) has no MemoryDir.
	Targets patch.Roots
	// LegacyIndex is a file name in the private memory dir that the agent
	// still loads when MEMORY.md is absent (Gemini CLI's GEMINI.md), ""
	// for none.
	LegacyIndex string
}

// IndexName is the private memory's index file, the one the agent loads
// at start (the topic files beside it are read on demand).
const IndexName = "MEMORY.md"

// Shared describes a memory whose automem data sits in its private memory
// dir, as Gemini CLI's does (and whose legacy index is Gemini CLI's
// GEMINI.md); global and skillRoots are the other targets.
func Shared(memoryDir, global string, skillRoots []string) Dir {
	return Dir{Data: memoryDir, Targets: patch.Roots{MemoryDir: memoryDir, GlobalMemory: global, SkillRoots: skillRoots},
		LegacyIndex: "GEMINI.md"}
}

// Inbox is the directory of pending patches of a memory kind
// (<Data>/.inbox/<kind>), the one Gemini CLI's /memory inbox reads. The
// project kind, which Gemini CLI does not know (it prunes what it does
// not accept from .inbox/), waits in <Data>/.automem/inbox/project.
func (d Dir) Inbox(kind patch.Kind) string {
	if kind == patch.Project {
		return filepath.Join(d.Own(), "inbox", string(kind))
	}
	return filepath.Join(d.Data, inboxDir, string(kind))
}

// File is the memory file a new line of a kind goes to: the private index
// (MEMORY.md, or the legacy index when only that one exists, so creating
// MEMORY.md never hides what the legacy file says), the global memory file
// or the project file; "" when the agent has no memory of that kind.
func (d Dir) File(kind patch.Kind) string {
	switch kind {
	case patch.Private:
		if d.Targets.MemoryDir == "" {
			return ""
		}
		mem := filepath.Join(d.Targets.MemoryDir, IndexName)
		if d.LegacyIndex == "" {
			return mem
		}
		if _, err := os.Lstat(mem); err == nil {
			return mem
		}
		legacy := filepath.Join(d.Targets.MemoryDir, d.LegacyIndex)
		if fi, err := os.Lstat(legacy); err == nil && fi.Mode().IsRegular() {
			return legacy
		}
		return mem
	case patch.Global:
		return d.Targets.GlobalMemory
	case patch.Project:
		return d.Targets.ProjectMemory
	}
	return ""
}

// Files maps each memory kind the agent has to the file a new line of that
// kind goes to (nil when it has none), as reports and inbox list show it.
func (d Dir) Files() map[string]string {
	var out map[string]string
	for _, k := range Kinds() {
		if f := d.File(k); f != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[string(k)] = f
		}
	}
	return out
}

// Has reports whether the memory has a target of that kind.
func (d Dir) Has(kind patch.Kind) bool { return d.File(kind) != "" }

// Local is the kind that a fact about this project goes to: the private
// memory, or the project file for an agent that has no private memory
// (Codex); "" when the agent has neither.
func (d Dir) Local() patch.Kind {
	switch {
	case d.Targets.MemoryDir != "":
		return patch.Private
	case d.Targets.ProjectMemory != "":
		return patch.Project
	}
	return ""
}

// Route is the kind a new line about this project goes to, the one place
// that decides it for the offline extractor, the mirror and the prompt's
// rule: with the repository's shared file switched on beside a private
// memory (Gemini CLI's or Claude Code's project file), a line every
// teammate needs (internal/audience) goes to the project file and a
// personal one stays private; otherwise Local decides. command marks the
// line of verification commands. Global lines are chosen before this.
func (d Dir) Route(line string, command bool) patch.Kind {
	if d.Targets.MemoryDir != "" && d.Targets.ProjectMemory != "" && audience.Of(line, command) == audience.Team {
		return patch.Project
	}
	return d.Local()
}

// KindOf is the kind of patch that may change an existing memory file: the
// global or the project file, else (the index, a topic file) private.
func (d Dir) KindOf(path string) patch.Kind {
	switch {
	case path != "" && path == d.Targets.GlobalMemory:
		return patch.Global
	case path != "" && path == d.Targets.ProjectMemory:
		return patch.Project
	}
	return d.Local()
}

// InboxRoot is the directory holding every kind's inbox (<Data>/.inbox).
func (d Dir) InboxRoot() string { return filepath.Join(d.Data, inboxDir) }

// ExtractionPatch is the one canonical patch of a kind that extractors
// write and merge into (<Data>/.inbox/<kind>/extraction.patch).
func (d Dir) ExtractionPatch(kind patch.Kind) string {
	return filepath.Join(d.Inbox(kind), patchName)
}

// Skills is where new skill drafts (<name>/SKILL.md) and skill update
// patches (<name>.patch) wait for review (<Data>/skills).
func (d Dir) Skills() string { return filepath.Join(d.Data, skillsDir) }

// Lock is the extraction lock file, shared with Gemini CLI's Auto Memory.
func (d Dir) Lock() string { return filepath.Join(d.Data, lockName) }

// State is the extraction state file (run history and session verdicts).
func (d Dir) State() string { return filepath.Join(d.Data, stateName) }

// Own is the directory of automem-only files (<Data>/.automem), outside
// the inbox that Gemini CLI walks and prunes.
func (d Dir) Own() string { return filepath.Join(d.Data, ownDir) }

// Rejected is where quarantined candidates wait with their reasons.
func (d Dir) Rejected() string { return filepath.Join(d.Own(), "rejected") }

// Evidence is the JSONL file tying candidate lines to their transcripts.
func (d Dir) Evidence() string { return filepath.Join(d.Own(), "evidence.jsonl") }

// Tombstones is the JSONL file of dismissed lines.
func (d Dir) Tombstones() string { return filepath.Join(d.Own(), "tombstones.jsonl") }

// History is the git repository recording every decision, for undo.
func (d Dir) History() string { return filepath.Join(d.Own(), "history") }

// Intents is the store of what the pending hunks of a kind's
// extraction.patch want (internal/intent), kept apart from their rendering
// so a person's edits never invalidate them.
func (d Dir) Intents(kind patch.Kind) string {
	return filepath.Join(d.Own(), "intents", string(kind)+".json")
}

// Upkeep is memory upkeep's own record for this memory: when it last ran
// and when it last proposed dream notes (internal/upkeep).
func (d Dir) Upkeep() string { return filepath.Join(d.Own(), "upkeep.json") }

// Archive is where memory upkeep moves the lines it takes out of memory
// (archive.md beside MEMORY.md, a private topic file no agent loads by
// itself); nothing is ever deleted.
func (d Dir) Archive() string { return filepath.Join(d.Targets.MemoryDir, "archive.md") }

// Index is the private memory index, MEMORY.md.
func (d Dir) Index() string { return filepath.Join(d.Targets.MemoryDir, "MEMORY.md") }

// Journal is where an apply records its renames so that a killed apply can
// be finished.
func (d Dir) Journal() string { return filepath.Join(d.Own(), "apply.journal") }

// Kinds lists the memory kinds that have an inbox, in review order.
func Kinds() []patch.Kind { return []patch.Kind{patch.Private, patch.Global, patch.Project} }

// PatchKind says which rules a pending patch file is validated by: the
// kind of the inbox it sits in, or patch.Skill for a skill update patch
// (<Skills>/<name>.patch). ok is false for any other path.
func (d Dir) PatchKind(path string) (kind patch.Kind, ok bool) {
	if filepath.Ext(path) != ".patch" {
		return "", false
	}
	dir := filepath.Dir(path)
	for _, k := range Kinds() {
		if dir == d.Inbox(k) {
			return k, true
		}
	}
	if dir == d.Skills() {
		return patch.Skill, true
	}
	return "", false
}

// Draft returns the name of the skill draft a path belongs to
// (<Skills>/<name>/...); ok is false for any other path.
func (d Dir) Draft(path string) (name string, ok bool) {
	rel, err := filepath.Rel(d.Skills(), path)
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	name, rest, found := strings.Cut(filepath.ToSlash(rel), "/")
	if !found || rest == "" {
		return "", false
	}
	return name, true
}

// Pending reports whether path is a candidate no person has reviewed yet:
// a patch in a memory's inbox (<Data>/.inbox/...) or a file of a skill
// draft (<Data>/skills/..., where <Data> is a memory's data dir, which
// holds automem's own dir or an inbox, unlike an agent's user skills). A
// search names such hits as pending, so an agent never mistakes them for
// reviewed memory.
func Pending(path string) bool {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	for i, p := range parts[:max(len(parts)-1, 0)] {
		switch p {
		case inboxDir:
			return true
		case skillsDir:
			data := filepath.FromSlash(strings.Join(parts[:i], "/"))
			for _, mark := range []string{ownDir, inboxDir} {
				if _, err := os.Lstat(filepath.Join(data, mark)); err == nil {
					return true
				}
			}
		}
	}
	return false
}
